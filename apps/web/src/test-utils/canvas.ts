import { vi } from 'vitest';

/**
 * jsdom has no canvas: this gives every <canvas> a 2D context that draws nothing but records the text it
 * is asked to write (a chart's axis labels), and gives elements a width so charts lay out. Returns the
 * texts written, in order.
 */
export function recordCanvasText(width = 900): string[] {
  const written: string[] = [];
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === 'fillText') return (text: string) => void written.push(String(text));
      if (key === 'measureText')
        return (text: string) => ({ width: String(text).length * 7, actualBoundingBoxAscent: 9 });
      if (key === 'canvas') return undefined;
      return () => undefined;
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  // Paths (lines, bars) are built but never drawn.
  vi.stubGlobal(
    'Path2D',
    class {
      constructor() {
        return new Proxy(this, {
          get: (target, key) => (key in target ? target[key as never] : () => undefined),
        });
      }
    },
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  return written;
}
