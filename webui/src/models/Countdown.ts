import { makeAutoObservable } from 'mobx';

/**
 * A per-second countdown (the get-code button's resend wait). While it runs,
 * `remaining` holds the whole seconds left.
 */
export class Countdown {
  remaining = 0;

  private timer: ReturnType<typeof setInterval> | undefined;

  constructor() {
    makeAutoObservable<Countdown, 'timer'>(this, { timer: false });
  }

  get isRunning() {
    return this.remaining > 0;
  }

  start(seconds: number) {
    this.stop();
    this.remaining = Math.max(0, Math.floor(seconds));
    if (this.remaining === 0) return;
    this.timer = setInterval(() => this.tick(), 1000);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.remaining = 0;
  }

  private tick() {
    this.remaining -= 1;
    if (this.remaining <= 0) this.stop();
  }
}
