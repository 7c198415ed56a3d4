import { describe, expect, it } from 'vitest';
import { parseAlert, parseFrame } from './live-stream';

const event = {
  second: 1790000000,
  level: 'L1',
  tags: [
    {
      id: 'BLE-07',
      technology: 'ble',
      level: 'L1',
      point: [121.4, 31.17],
      spread_m: 1.2,
      truth: { level: 'L1', point: [121.40001, 31.17001] },
    },
    { id: 'UWB-01', technology: 'uwb', level: 'L1', point: [121.4, 31.17], spread_m: 0.1 },
    { id: 'X-01', technology: 'wifi', level: 'L1', point: [121.4, 31.17], spread_m: 1 },
    { id: 'BLE-08', technology: 'ble', level: 'L1', point: [121.4], spread_m: 1 },
  ],
  accuracy: [
    { technology: 'ble', cep50_m: 1.1, cep95_m: 2.7, floor_rate: 0.99, fixes: 812 },
    { technology: 'aoa', cep50_m: 'x' },
  ],
};

describe('parseFrame', () => {
  it('keeps the well-formed tags and figures and drops the rest', () => {
    const frame = parseFrame(JSON.stringify(event));
    expect(frame?.second).toBe(1790000000);
    expect(frame?.level).toBe('L1');
    expect(frame?.tags.map((tag) => tag.id)).toEqual(['BLE-07', 'UWB-01']);
    expect(frame?.tags[0]?.truth).toEqual({ level: 'L1', point: [121.40001, 31.17001] });
    expect(frame?.tags[1]?.truth).toBeUndefined();
    expect(frame?.accuracy).toEqual([
      { technology: 'ble', cep50M: 1.1, cep95M: 2.7, floorRate: 0.99, fixes: 812 },
    ]);
  });

  it('reads SOS presses in a frame and alert events', () => {
    const sos = { kind: 'sos', tag: 'AOA-02', second: 5, level: 'L1', point: [121.4, 31.17] };
    const frame = parseFrame(JSON.stringify({ ...event, alerts: [sos, { kind: 'fire' }] }));
    expect(frame?.alerts).toEqual([{ ...sos, fence: null }]);
    const enter = { ...sos, kind: 'enter', fence: 'drawn' };
    expect(parseAlert(JSON.stringify(enter))).toMatchObject({ kind: 'enter', tag: 'AOA-02' });
    // A venue's own fence is named in the frame's alerts.
    const named = { ...sos, kind: 'exit', fence: '放射科控制区' };
    const withFence = parseFrame(JSON.stringify({ ...event, alerts: [named] }));
    expect(withFence?.alerts[0]).toMatchObject({ kind: 'exit', fence: '放射科控制区' });
    expect(parseAlert('{"kind":"enter"}')).toBeNull();
    expect(parseAlert('nope')).toBeNull();
  });

  it('refuses what is not a frame', () => {
    expect(parseFrame('not json')).toBeNull();
    expect(parseFrame('{"second":1}')).toBeNull();
    expect(parseFrame('null')).toBeNull();
    expect(parseFrame(JSON.stringify({ ...event, level: null }))?.level).toBeNull();
  });
});
