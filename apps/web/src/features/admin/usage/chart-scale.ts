// The charts' vertical scale: a round top value above the highest bar, with gridlines at round steps.

/** The smallest "nice" number (1, 2 or 5 times a power of ten) at or above `value`. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= value) return factor * power;
  return 10 * power;
}

/** The scale's top and its gridlines (0 excluded), about four steps, whole numbers. */
export function chartScale(highest: number): { top: number; ticks: number[] } {
  if (highest <= 4) {
    const top = Math.max(1, Math.ceil(highest));
    return { top, ticks: Array.from({ length: top }, (_, index) => index + 1) };
  }
  const step = niceCeiling(highest / 4);
  const top = Math.ceil(highest / step) * step;
  return { top, ticks: Array.from({ length: top / step }, (_, index) => (index + 1) * step) };
}

/** Which x labels to print so they do not collide: the first, the last and evenly between. */
export function labelIndexes(count: number, room: number): number[] {
  if (count <= 0) return [];
  if (count <= room) return Array.from({ length: count }, (_, index) => index);
  const indexes = new Set<number>();
  for (let slot = 0; slot < room; slot += 1) indexes.add(Math.round((slot * (count - 1)) / (room - 1)));
  return [...indexes].sort((a, b) => a - b);
}
