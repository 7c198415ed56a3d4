// A finished plan on the map (issue #33), and the visitor's hand on it: the devices of the level
// shown as dots, the one selected pinned, the lab's error as a heat map and the coverage gaps
// outlined; a press on a device drags it, a tap selects one or, while adding, places a new one.
// The changed layout is kept here until the lab measures it (`measure` in plan-mode.tsx).
import { useMemo, useState } from 'react';
import type { PlanAnswer, Technology } from '../../api-answers';
import type { Held } from '../../gestures';
import { type HeatLayer, heatLayerOf } from '../../heat-map';
import type { LiveDot } from '../../live-dots';
import { lonLatToWorld } from '../../projection';
import type { MapMarker } from '../../render/layers';
import type * as PlanLayout from './plan-layout';

type Layout = PlanLayout.Layout;
/** The layout's changes (plan-layout.ts), loaded with the planning panel. */
type Edits = typeof PlanLayout;

const noMarkers: MapMarker[] = [];
/** How near a tap must be to a device to select it, world units (3 m). */
const tapReach = 30;
/** Where a copy goes beside its device, metres east. */
const copyOffset = 2;

/** The devices of `level` as the map's dots, in the technology's colour. */
export function deviceDots(
  devices: Layout,
  technology: Technology,
  level: string | null,
  origin: [number, number],
): LiveDot[] {
  return devices
    .filter((device) => device.level === level)
    .map((device) => {
      const [x, y] = lonLatToWorld(origin, device.point);
      return { id: device.name, technology, x, y, spread: 0 };
    });
}

export interface PlanMap {
  liveDots: LiveDot[] | undefined;
  /** The selected device's pin: the only marker while planning. */
  markers: MapMarker[];
  heat: HeatLayer | null;
  gaps: [number, number][][] | undefined;
  onTapPoint: ((x: number, y: number) => void) | undefined;
  onHold: ((x: number, y: number, reach: number) => Held | undefined) | undefined;
}

export interface PlanLayoutEdits {
  /** The devices as they stand: the plan's, or the visitor's changed layout. */
  devices: Layout;
  changed: boolean;
  selected: string | null;
  adding: boolean;
  showHeat: boolean;
  setAdding: (adding: boolean) => void;
  select: (name: string | null) => void;
  setShowHeat: (show: boolean) => void;
  nudge: (east: number, north: number) => void;
  copy: () => void;
  remove: () => void;
  /** Back to the plan's devices. */
  reset: () => void;
  map: PlanMap;
}

export function usePlanLayout(
  plan: PlanAnswer | null,
  level: string | null,
  origin: [number, number] | undefined,
  edits: Edits | undefined,
): PlanLayoutEdits {
  // The layout changed and the plan it was changed from: another plan drops the changes.
  const [edited, setEdited] = useState<{ of: PlanAnswer; layout: Layout } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [showHeat, setShowHeat] = useState(true);
  const changed = Boolean(plan && edited?.of === plan);
  const devices: Layout = useMemo(
    () => (changed && edited?.layout) || plan?.devices || [],
    [changed, edited, plan],
  );
  const change = (layout: Layout) => plan && setEdited({ of: plan, layout });
  const chosen = devices.find((d) => d.name === selected) ?? null;

  const technology = plan?.technology;
  const dots = useMemo(
    () => (technology && origin ? deviceDots(devices, technology, level, origin) : undefined),
    [devices, technology, origin, level],
  );
  const heat = useMemo(() => {
    const grid = showHeat && origin ? plan?.heat.find((h) => h.level === level) : undefined;
    return grid && origin ? heatLayerOf(grid, origin) : null;
  }, [plan, level, origin, showHeat]);
  const gaps = useMemo(() => {
    const outlines = origin ? plan?.gaps.find((g) => g.level === level)?.outlines : undefined;
    return outlines?.map((ring) => ring.map((point) => lonLatToWorld(origin!, point)));
  }, [plan, level, origin]);
  const markers = useMemo((): MapMarker[] => {
    if (!chosen || chosen.level !== level || !origin) return noMarkers;
    const [x, y] = lonLatToWorld(origin, chosen.point);
    return [{ kind: 'place', x, y }];
  }, [chosen, level, origin]);

  const ready = Boolean(plan && origin && level && edits);
  const onTapPoint = ready
    ? (x: number, y: number) => {
        if (!plan || !origin || !level || !edits) return;
        if (adding) {
          const height = devices.find((d) => d.level === level)?.height_m ?? 2.8;
          const added = edits.addDevice(devices, plan.technology, level, height, origin, x, y);
          change(added.layout);
          setSelected(added.name);
          return;
        }
        setSelected(edits.nearestDevice(devices, level, origin, x, y, tapReach));
      }
    : undefined;
  const onHold = ready
    ? (x: number, y: number, reach: number): Held | undefined => {
        if (!origin || !level || !edits) return undefined;
        const name = edits.nearestDevice(devices, level, origin, x, y, reach);
        if (!name) return undefined;
        const before = devices;
        setSelected(name);
        const to = (mx: number, my: number) =>
          change(edits.moveDevice(before, name, origin, mx, my));
        return { move: to, drop: to, cancel: () => change(before) };
      }
    : undefined;

  return {
    devices,
    changed,
    selected: chosen?.name ?? null,
    adding,
    showHeat,
    setAdding,
    select: setSelected,
    setShowHeat,
    nudge: (east, north) => {
      if (chosen && origin && edits)
        change(edits.nudgeDevice(devices, chosen.name, origin, east, north));
    },
    copy: () => {
      if (!chosen || !plan || !origin || !edits) return;
      const [x, y] = lonLatToWorld(origin, chosen.point);
      const height = chosen.height_m;
      const added = edits.addDevice(devices, plan.technology, chosen.level, height, origin, x, y);
      change(edits.nudgeDevice(added.layout, added.name, origin, copyOffset, 0));
      setSelected(added.name);
    },
    remove: () => {
      if (!chosen || !edits) return;
      change(edits.removeDevice(devices, chosen.name));
      setSelected(null);
    },
    reset: () => {
      setEdited(null);
      setSelected(null);
      setAdding(false);
    },
    map: { liveDots: dots, markers, heat, gaps, onTapPoint, onHold },
  };
}
