import { action, makeObservable, observable } from 'mobx';
import type { RootStore } from '../RootStore';

/** runInAction with a name ("ChatStore#loadPage") that MobX's tools and stack traces show. */
export function runInAction<R>(name: string, fn: () => R): R {
  return action(name, fn)();
}

/**
 * A collection of models by id (STYLE: one store per collection): `add` keeps a model or updates
 * the one held, `receive` takes a live event, requests are shared per key while in flight, and
 * `reset` forgets everything, including the answers of requests still on their way.
 *
 * `D` is the data the server sends for one model, `T` the model built from it.
 */
export abstract class ModelStore<T, D> {
  readonly data = observable.map<string, T>();
  isFetching = false;
  isLoaded = false;

  /** Bumped by reset: an answer to a request made before it is dropped. */
  protected generation = 0;
  private readonly requests = new Map<string, Promise<unknown>>();

  constructor(
    readonly root: RootStore,
    /** The store's name in action names ("ChatStore"); class names do not survive minification. */
    protected readonly storeName: string,
  ) {
    makeObservable(this, {
      isFetching: observable,
      isLoaded: observable,
      add: action,
      receive: action,
      remove: action,
      reset: action,
    });
  }

  /** The id of the model `data` describes. */
  protected abstract idOf(data: D): string;
  /** A new model from the server's data. */
  protected abstract create(data: D): T;
  /** Brings a held model up to date with newer data. */
  protected abstract update(model: T, data: D): void;

  get(id: string): T | undefined {
    return this.data.get(id);
  }

  /** Keeps a model for `data`, or updates the one held, and returns it. */
  add(data: D): T {
    const id = this.idOf(data);
    const held = this.data.get(id);
    if (held) {
      this.update(held, data);
      return held;
    }
    const model = this.create(data);
    this.data.set(id, model);
    return model;
  }

  /** A live event or a page's entry: kept by default; stores override it to drop what is not theirs. */
  receive(data: D): void {
    this.add(data);
  }

  remove(id: string): boolean {
    return this.data.delete(id);
  }

  /** Forgets every model and every request in flight (another viewer, or too far behind to catch up). */
  reset(): void {
    this.data.clear();
    this.isFetching = false;
    this.isLoaded = false;
    this.forgetRequests();
  }

  /** Drops the requests in flight: their answers are ignored, and the next call starts afresh. */
  protected forgetRequests(): void {
    this.generation += 1;
    this.requests.clear();
  }

  /** Runs `start` once for concurrent callers with the same key; the next call after it settles starts again. */
  protected shared<R>(key: string, start: () => Promise<R>): Promise<R> {
    const held = this.requests.get(key) as Promise<R> | undefined;
    if (held) return held;
    const request = start().finally(() => {
      if (this.requests.get(key) === request) this.requests.delete(key);
    });
    this.requests.set(key, request);
    return request;
  }

  /** The request made at `generation` is still wanted: no reset happened since. */
  protected isCurrent(generation: number): boolean {
    return generation === this.generation;
  }

  /** runInAction named after this store and `method`. */
  protected inAction<R>(method: string, fn: () => R): R {
    return runInAction(`${this.storeName}#${method}`, fn);
  }
}
