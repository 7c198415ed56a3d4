// "Simulate navigation": a dot walks the route at a brisk, demo-friendly pace, the current step is
// highlighted and announced, the map follows the dot and changes level by itself when the route
// rides a lift. The dot is drawn straight onto the renderer each frame; React hears only of step
// and phase changes. With reduced motion the camera jumps instead of gliding and the dot moves in
// one-second hops.
import { type MutableRefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { MapRenderer } from '../../render/renderer';
import {
  type NavState,
  type RouteModel,
  type TrackPoint,
  advanceNav,
  currentStep,
  pointOnLeg,
  startNav,
} from '../../route-track';

export type NavPhase = 'idle' | 'running' | 'paused' | 'done';

const rideSeconds = 1.8;
const followScale = 1.1;

export function useNavigation(
  route: RouteModel | null,
  rendererRef: MutableRefObject<MapRenderer | null>,
  showLevel: (short: string) => unknown,
  onStep: (index: number) => void,
  reducedMotion: () => boolean,
) {
  const [phase, setPhase] = useState<NavPhase>('idle');
  const [step, setStep] = useState(-1);
  const walk = useRef<Walk | null>(null);
  const latest = useRef({ showLevel, onStep, reducedMotion });
  useEffect(() => {
    latest.current = { showLevel, onStep, reducedMotion };
  });

  const stop = useCallback(() => {
    walk.current?.halt();
    walk.current = null;
    setStep(-1);
    setPhase('idle');
    rendererRef.current?.setNavigationDot(null);
  }, [rendererRef]);

  useEffect(() => stop, [route, stop]);

  const control = useCallback(
    (action: 'start' | 'pause' | 'resume' | 'stop') => {
      if (action === 'stop' || !route) {
        stop();
        return;
      }
      if (action === 'start') {
        walk.current?.halt();
        walk.current = new Walk(route, rendererRef, {
          level: (short) => latest.current.showLevel(short),
          step: (index) => {
            setStep(index);
            latest.current.onStep(index);
          },
          done: () => setPhase('done'),
          reducedMotion: () => latest.current.reducedMotion(),
        });
      }
      if (action === 'pause') {
        walk.current?.halt();
        setPhase('paused');
      } else {
        walk.current?.run();
        setPhase('running');
      }
    },
    [route, rendererRef, stop],
  );

  /** The visitor moved the map: stop following the dot until navigation resumes. */
  const grab = useCallback(() => walk.current?.letGo(), []);

  return { phase, step, control, grab };
}

interface WalkEvents {
  level: (short: string) => void;
  step: (index: number) => void;
  done: () => void;
  reducedMotion: () => boolean;
}

/** One simulated walk along a route, frame by frame. */
class Walk {
  private state: NavState;
  private frame = 0;
  private last = 0;
  private hop = 0;
  private follow = true;
  private stepIndex = -1;
  private levelShown: string | null = null;

  constructor(
    private readonly route: RouteModel,
    private readonly rendererRef: MutableRefObject<MapRenderer | null>,
    private readonly events: WalkEvents,
  ) {
    this.state = startNav(route);
    const renderer = rendererRef.current;
    const leg = route.legs[0];
    if (renderer && leg) {
      const point = pointOnLeg(leg, leg.start);
      // The dot is shown at once: a first frame not yet drawn is drawn with it (renderer.ts).
      showDot(renderer, leg.level, point);
      const scale = Math.max(renderer.camera.scale, followScale);
      renderer.moveTo(
        { ...renderer.camera, x: point.x, y: point.y, scale },
        !events.reducedMotion(),
      );
    }
  }

  run() {
    this.halt();
    this.follow = true;
    this.last = performance.now();
    this.hop = 0;
    this.frame = requestAnimationFrame(this.tick);
  }

  halt() {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  letGo() {
    this.follow = false;
  }

  private readonly tick = (now: number) => {
    const { route } = this;
    const dt = Math.min(0.1, (now - this.last) / 1000);
    this.last = now;
    const speed = Math.max(4, route.answer.distance_m / 35);
    let next = this.state;
    if (this.events.reducedMotion()) {
      this.hop += dt;
      if (this.hop >= 1) {
        next = advanceNav(route, next, this.hop, speed, rideSeconds);
        this.hop = 0;
      }
    } else {
      next = advanceNav(route, next, dt, speed, rideSeconds);
    }
    this.state = next;
    const leg = route.legs[next.leg];
    if (leg && this.levelShown !== leg.level) {
      this.levelShown = leg.level;
      this.events.level(leg.level);
    }
    const renderer = this.rendererRef.current;
    if (leg && renderer) {
      const dot = showDot(renderer, leg.level, pointOnLeg(leg, next.along));
      if (dot && this.follow && !renderer.animating) {
        renderer.setCamera({ ...renderer.camera, x: dot.x, y: dot.y });
      }
    }
    const index = currentStep(route, next);
    if (index !== this.stepIndex) {
      this.stepIndex = index;
      this.events.step(index);
    }
    if (next.done) {
      this.frame = 0;
      this.events.done();
      return;
    }
    this.frame = requestAnimationFrame(this.tick);
  };
}

/** Shows the dot at `point` if the map shows `level`, else hides it; the dot shown, if any. */
function showDot(renderer: MapRenderer, level: string, point: TrackPoint): TrackPoint | null {
  const dot = renderer.model?.data.short === level ? point : null;
  renderer.setNavigationDot(dot);
  return dot;
}
