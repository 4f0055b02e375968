import { makeAutoObservable, runInAction } from 'mobx';
import type { PushDevice } from '../api/wire.gen';
import { currentSubscription, pushPermission, pushSupported, PushError, subscribePush, unsubscribePush, type PushFailure } from '../platform/push';
import type { RootStore } from './RootStore';

/** Where push stands on this device. */
export type DevicePushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** Why the last switch failed: the browser's reason, or the server's message. */
export type PushProblem = { reason: PushFailure } | { reason: 'server'; message: string };

/**
 * Web Push on this device and the member's other devices (push.devices): the switch asks the
 * notification permission only when turned on, subscribes through the service worker with the
 * site's VAPID key (push.publicKey) and tells the server (push.subscribe / push.unsubscribe).
 */
export class PushDevicesStore {
  state: DevicePushState = 'checking';
  devices: PushDevice[] = [];
  /** This device's push endpoint, null when it has none. */
  endpoint: string | null = null;
  busy = false;
  problem: PushProblem | null = null;

  constructor(
    readonly root: RootStore,
    /** How long to wait for the service worker. */
    private readonly workerTimeoutMs = 10_000,
  ) {
    makeAutoObservable<PushDevicesStore, 'workerTimeoutMs'>(this, { root: false, workerTimeoutMs: false });
  }

  /** Reads where push stands here (without asking anything) and the member's devices. */
  async init(): Promise<void> {
    const [subscription] = await Promise.all([pushSupported() ? currentSubscription(this.workerTimeoutMs) : null, this.loadDevices()]);
    runInAction(() => {
      this.endpoint = subscription?.endpoint ?? null;
      this.state = this.stateNow();
    });
  }

  private stateNow(): DevicePushState {
    if (!pushSupported()) return 'unsupported';
    if (pushPermission() === 'denied') return 'denied';
    return this.endpoint && this.devices.some((device) => device.endpoint === this.endpoint) ? 'on' : 'off';
  }

  async loadDevices(): Promise<void> {
    const result = await this.root.client.call('push.devices');
    runInAction(() => {
      if (result.ok) this.devices = result.data.devices;
    });
  }

  /** Whether a device of the list is this one. */
  isThisDevice(device: PushDevice): boolean {
    return device.endpoint === this.endpoint;
  }

  /** The switch: on asks the permission and subscribes, off unsubscribes. */
  async toggle(on: boolean): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.problem = null;
    try {
      if (on) await this.turnOn();
      else await this.turnOff();
    } catch (error) {
      runInAction(() => {
        this.problem = error instanceof PushError ? { reason: error.reason } : { reason: 'subscribeFailed' };
      });
    } finally {
      await this.loadDevices();
      runInAction(() => {
        this.busy = false;
        this.state = this.stateNow();
      });
    }
  }

  private async turnOn() {
    const key = await this.root.client.call('push.publicKey');
    if (!key.ok) return this.refused(key.error.messages.join(' '));
    const subscription = await subscribePush(key.data.publicKey, this.workerTimeoutMs);
    runInAction(() => (this.endpoint = subscription.endpoint));
    const saved = await this.root.client.call('push.subscribe', { ...subscription, lang: this.root.locale.lang });
    if (!saved.ok) {
      // The server refused it: leave the browser unsubscribed too, so the switch tells the truth.
      await unsubscribePush(this.workerTimeoutMs).catch(() => null);
      runInAction(() => (this.endpoint = null));
      return this.refused(saved.error.messages.join(' '));
    }
  }

  private async turnOff() {
    const endpoint = (await unsubscribePush(this.workerTimeoutMs)) ?? this.endpoint;
    runInAction(() => (this.endpoint = null));
    if (endpoint) await this.forget(endpoint);
  }

  /** Stops pushes to one of the member's devices (this one included). */
  async remove(device: PushDevice): Promise<void> {
    if (this.busy) return;
    if (this.isThisDevice(device)) return this.toggle(false);
    this.busy = true;
    this.problem = null;
    await this.forget(device.endpoint);
    await this.loadDevices();
    runInAction(() => (this.busy = false));
  }

  /** Tells the server to forget an endpoint; one it no longer has is fine. */
  private async forget(endpoint: string) {
    const result = await this.root.client.call('push.unsubscribe', { endpoint });
    if (!result.ok && result.error.statusCode !== 404) this.refused(result.error.messages.join(' '));
  }

  private refused(message: string) {
    runInAction(() => (this.problem = { reason: 'server', message }));
  }
}
