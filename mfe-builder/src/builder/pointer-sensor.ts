/**
 * dnd-kit's PointerSensor, except that a click of a new gesture right after a drop is never lost.
 *
 * Once a drag starts, dnd-kit stops every click at the document (capture) so the click that ends
 * the drag does not press what lies under the pointer; on the drop it removes that stopper with a
 * 50 ms timer. Under load the timer runs late (Chromium runs input before timers, and the drop's
 * re-render holds the thread), so the user's next click (an Edit button pressed just after a drop)
 * was stopped as well. Here the stopper also goes at the next pointerdown or keydown: the click
 * that ends the drag comes from its own pointerup with neither in between, any later one belongs
 * to a new gesture.
 */
import { PointerSensor, type PointerSensorProps } from '@dnd-kit/core';

/** The parts of dnd-kit's sensor used here (private in its types, stable in 6.x). */
interface SensorInternals {
  detach(): void;
  documentListeners: { target?: Document; removeAll(): void };
}

export class DropSafePointerSensor extends PointerSensor {
  constructor(props: PointerSensorProps) {
    super(props);
    const self = this as unknown as SensorInternals;
    const detach = self.detach.bind(self);
    self.detach = () => {
      detach();
      // On the window, capture: before the document's listeners, so the ended drag's Escape
      // handler (also held until then) never sees the new gesture's key.
      const win = self.documentListeners.target?.defaultView ?? window;
      const release = () => {
        self.documentListeners.removeAll();
        win.removeEventListener('pointerdown', release, true);
        win.removeEventListener('keydown', release, true);
      };
      win.addEventListener('pointerdown', release, true);
      win.addEventListener('keydown', release, true);
    };
  }
}
