// The map: the canvas with its renderer and gestures, the zoom, compass, 2.5D and level controls
// over it. The canvas is an image to assistive technology (role="img", named after the venue and
// level); everything on it that matters is also reachable from the panel beside it.
import { type MutableRefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { attachGestures, type Held } from '../gestures';
import { IconButton } from '../icon-button';
import type { LevelModel } from '../level-model';
import type { MapLayers, MapMarker } from './layers';
import type { MapTarget } from '../map-labels';
import type { LevelEntry } from '../../content/venues/viewer-files';
import type { HeatLayer, TakenSpaces } from '../heat-map';
import type { FenceOutline, LiveDot } from '../live-dots';
import { screenToWorld } from '../projection';
import { prefersReducedMotion } from '../reduced-motion';
import type { Box } from '../geometry';
import { MapRenderer } from './renderer';
import type { RouteModel } from '../route-track';
import { fill } from '../../format/fill';
import type { ViewerWords } from '../../content/venues/viewer-words';

/** A part of the map to bring into view; a new serial moves the map again. */
export interface MapFocus {
  box: Box;
  serial: number;
  /** Zoom in no closer than this, CSS pixels per decimetre. */
  closest?: number | undefined;
}

export interface MapViewProps {
  words: ViewerWords;
  label: string;
  helpId: string;
  model: LevelModel | null;
  levels: LevelEntry[];
  level: string | null;
  /** Levels the route passes, marked on the level switcher. */
  routeLevels: string[];
  onLevel: (short: string) => void;
  raised: boolean;
  onRaised: (raised: boolean) => void;
  route: RouteModel | null;
  markers: MapMarker[];
  /** The live positioning demo's tags on this level. */
  liveDots?: LiveDot[] | undefined;
  /** A replayed track's line on this level. */
  liveLine?: [number, number][] | undefined;
  liveFence?: FenceOutline | null | undefined;
  /** The venue's own fences on this level (world units). */
  venueFences?: [number, number][][] | undefined;
  /** A device plan's coverage gaps on this level (world units). */
  gaps?: [number, number][][] | undefined;
  /** The flow analytics' heat map of a level, or a device plan's error. */
  heat?: HeatLayer | null | undefined;
  /** The flow analytics' parking spaces with a car in them. */
  taken?: TakenSpaces | null | undefined;
  /** While set, a tap on the map is a point (world units) for it, not a pick. */
  onTapPoint?: ((x: number, y: number) => void) | undefined;
  /** While set, a press on the map (world units) may take hold of something within `reach`
   * (world units: a fingertip's width), which the pointer then drags instead of the map. */
  onHold?: ((x: number, y: number, reach: number) => Held | undefined) | undefined;
  highlight: string | null;
  onPick: (pick: MapTarget | undefined) => void;
  /** The visitor took hold of the map (stops the navigation's camera following). */
  onGrab: () => void;
  wheelNeedsCtrl: boolean;
  rendererRef: MutableRefObject<MapRenderer | null>;
  /** The bearing the map starts at (a kiosk's facing), degrees. */
  initialBearing?: number | undefined;
  loading: boolean;
  focus: MapFocus | null;
}

const control = 'demo-controls__button';
/** How near a press must be to what it takes hold of, CSS pixels. */
const fingertip = 22;
const noDots: LiveDot[] = [];
const noLine: [number, number][] = [];
const noFences: [number, number][][] = [];

export function MapView(props: MapViewProps) {
  const { words, model, raised, route, markers, highlight, rendererRef } = props;
  const liveDots = props.liveDots ?? noDots;
  const liveLine = props.liveLine ?? noLine;
  const liveFence = props.liveFence ?? null;
  const venueFences = props.venueFences ?? noFences;
  const gaps = props.gaps ?? noFences;
  const heat = props.heat ?? null;
  const taken = props.taken ?? null;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const dotRef = useRef<HTMLDivElement>(null);
  const [bearing, setBearing] = useState(0);
  const [hint, setHint] = useState(false);
  const hintTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  // Layout effects: the renderer is made and given its level and layers before the browser
  // paints, so the first frame with a level draws it (a hand-over page's route, issue #34).
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const box = boxRef.current;
    if (!canvas || !box) return;
    // The view is sized, and its first frame drawn, by the resize observer: it reports once the
    // page is laid out, before that frame is painted, and a target observed again reports again.
    // Measuring in a render instead lays the page out once more (a long task on a phone, #34).
    const renderer = MapRenderer.create(canvas, dotRef.current, {
      reducedMotion: prefersReducedMotion,
      onCamera: (camera) => setBearing(Math.round((camera.bearing * 180) / Math.PI) % 360),
      measureAfterLayout: () => {
        observer.unobserve(box);
        observer.observe(box);
      },
    });
    // Without a 2D canvas (very old browsers, the unit tests) the panel still works.
    if (!renderer) return;
    rendererRef.current = renderer;
    const observer = new ResizeObserver(() => {
      const rect = box.getBoundingClientRect();
      renderer.resize(rect.width, rect.height, Math.min(window.devicePixelRatio || 1, 2));
    });
    observer.observe(box);
    const detach = attachGestures(
      canvas,
      box,
      {
        camera: () => renderer.camera,
        limits: () => renderer.limits,
        setCamera: (camera) => renderer.setCamera(camera),
        grab: () => {
          renderer.stopAnimation();
          latest.current.onGrab();
        },
        tap: (sx, sy) => {
          const onTapPoint = latest.current.onTapPoint;
          if (onTapPoint) onTapPoint(...screenToWorld(renderer.camera, sx, sy));
          else latest.current.onPick(renderer.pick(sx, sy));
        },
        hold: (sx, sy) => {
          const onHold = latest.current.onHold;
          if (!onHold) return undefined;
          const world = (x: number, y: number) => screenToWorld(renderer.camera, x, y);
          const held = onHold(...world(sx, sy), fingertip / renderer.camera.scale);
          if (!held) return undefined;
          return {
            move: (x, y) => held.move(...world(x, y)),
            drop: (x, y) => held.drop(...world(x, y)),
            cancel: () => held.cancel(),
          };
        },
        reset: () => {
          const view = renderer.fitView();
          if (view) renderer.moveTo({ ...view, bearing: 0 }, true);
        },
        wheelHint: () => {
          setHint(true);
          clearTimeout(hintTimer.current);
          hintTimer.current = setTimeout(() => setHint(false), 1600);
        },
      },
      latest.current.wheelNeedsCtrl,
    );
    return () => {
      detach();
      observer.disconnect();
      renderer.destroy();
      clearTimeout(hintTimer.current);
      rendererRef.current = null;
    };
  }, [rendererRef]);

  // A kiosk's map is turned to its facing before its level is first fitted.
  const { initialBearing, focus } = props;
  useLayoutEffect(() => {
    const renderer = rendererRef.current;
    if (renderer && initialBearing !== undefined) {
      renderer.presetBearing((initialBearing * Math.PI) / 180);
    }
  }, [initialBearing, rendererRef]);

  useLayoutEffect(() => {
    const renderer = rendererRef.current;
    if (renderer && model) renderer.setLevel(model, true);
  }, [model, rendererRef]);

  useLayoutEffect(() => {
    const renderer = rendererRef.current;
    if (!renderer || !focus || !Number.isFinite(focus.box[0])) return;
    renderer.frame(focus.box, focus.closest ?? Infinity, true);
  }, [focus, rendererRef]);

  useLayoutEffect(() => {
    const renderer = rendererRef.current;
    if (!renderer || renderer.raised === raised) return;
    renderer.setRaised(raised);
  }, [raised, rendererRef]);

  // Every render hands the layers over; the renderer redraws only when one of them changed.
  const layers: MapLayers = {
    route,
    markers,
    liveDots,
    liveLine,
    liveFence,
    venueFences,
    gaps,
    heat,
    taken,
    highlight,
  };
  useLayoutEffect(() => rendererRef.current?.setLayers(layers));

  const zoom = (factor: number) => {
    const renderer = rendererRef.current;
    if (!renderer) return;
    const { camera } = renderer;
    const scale = Math.min(Math.max(camera.scale * factor, renderer.limits[0]), renderer.limits[1]);
    renderer.moveTo({ ...camera, scale }, true);
  };
  const north = () => {
    const renderer = rendererRef.current;
    if (renderer) renderer.moveTo({ ...renderer.camera, bearing: 0 }, true);
  };
  const fitLevel = () => rendererRef.current?.fit(true);

  const levelsTopDown = [...props.levels].reverse();
  return (
    <div className="demo-map" ref={boxRef}>
      {/* The canvas takes keyboard focus for the map keys (gestures.ts); role="img" per the
          issue, so assistive technology reads its name and help rather than a widget. */}
      <canvas
        ref={canvasRef}
        className="demo-map__canvas"
        role="img"
        aria-label={props.label}
        aria-describedby={props.helpId}
        tabIndex={0}
      />
      <div ref={dotRef} className="demo-map__dot" hidden aria-hidden="true">
        <svg viewBox="-40 -40 80 80" width="80" height="80">
          <path className="demo-map__cone" d="M0 0L-19-31A36 36 0 0 1 19-31Z" />
          <circle r="8" />
        </svg>
      </div>
      <p id={props.helpId} className="sr-only">
        {words.map_help}
      </p>
      {props.loading ? (
        <div className="demo-map__loading" aria-hidden="true">
          {words.loading}
        </div>
      ) : null}
      <p className={`demo-map__hint${hint ? ' is-shown' : ''}`} aria-hidden="true">
        {words.wheel_hint}
      </p>
      {props.levels.length > 1 ? (
        <div className="demo-levels" role="group" aria-label={words.levels}>
          {levelsTopDown.map((entry) => (
            <button
              key={entry.short}
              type="button"
              className={`demo-levels__button${props.routeLevels.includes(entry.short) ? ' is-on-route' : ''}`}
              aria-pressed={entry.short === props.level}
              aria-label={fill(words.level_button, { short: entry.short, name: entry.name })}
              onClick={() => props.onLevel(entry.short)}
            >
              {entry.short}
            </button>
          ))}
        </div>
      ) : null}
      <div className="demo-controls">
        <IconButton className={control} label={words.zoom_in} onClick={() => zoom(1.5)}>
          <path d="M10 4v12M4 10h12" />
        </IconButton>
        <IconButton className={control} label={words.zoom_out} onClick={() => zoom(1 / 1.5)}>
          <path d="M4 10h12" />
        </IconButton>
        <IconButton
          className={control}
          label={words.north}
          onClick={north}
          iconStyle={{ transform: `rotate(${-bearing}deg)` }}
        >
          <path className="demo-compass__north" d="M10 2l3.5 8h-7z" />
          <path className="demo-compass__south" d="M10 18l3.5-8h-7z" />
        </IconButton>
        <IconButton className={control} label={words.fit} onClick={fitLevel}>
          <path d="M3 7V3h4M13 3h4v4M17 13v4h-4M7 17H3v-4" />
        </IconButton>
        <button
          type="button"
          className={`${control} demo-controls__text`}
          aria-pressed={raised}
          aria-label={words.view_3d_label}
          onClick={() => props.onRaised(!raised)}
        >
          {words.view_3d}
        </button>
      </div>
    </div>
  );
}
