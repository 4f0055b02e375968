import type { LiveEvent, LiveEventName } from '../../api/live';

/** What a screen does with some events of a channel, by name; the other events are not its concern. */
export type LiveHandlers = { [K in LiveEventName]?: (data: Extract<LiveEvent, { event: K }>['data']) => void };

/** Calls the handler of the event's name, if there is one. */
export function handleLiveEvent(event: LiveEvent, handlers: LiveHandlers) {
  const handler = handlers[event.event] as ((data: LiveEvent['data']) => void) | undefined;
  handler?.(event.data);
}
