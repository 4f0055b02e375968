import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 16;
export const TOAST_PLACEMENTS = ['top', 'top-left', 'top-right', 'bottom', 'bottom-left', 'bottom-right'] as const;
export type ToastPlacement = (typeof TOAST_PLACEMENTS)[number];
export type ToastType = 'primary' | 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  placement: ToastPlacement;
  duration: number;
}

export interface ToastOptions {
  type?: ToastType;
  placement?: ToastPlacement;
  duration?: number;
}

/** The toasts on screen; the Toaster component renders and times them out. */
export class ToastsStore {
  toasts: Toast[] = [];
  private nextId = 1;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  show(message: string, options: ToastOptions = {}): number {
    const toast: Toast = {
      id: this.nextId++,
      type: options.type ?? 'primary',
      placement: options.placement ?? 'top',
      duration: options.duration ?? TOAST_DURATION_MS,
      message,
    };
    this.toasts.push(toast);
    return toast.id;
  }

  success(message: string, options?: Omit<ToastOptions, 'type'>) {
    return this.show(message, { ...options, type: 'success' });
  }

  info(message: string, options?: Omit<ToastOptions, 'type'>) {
    return this.show(message, { ...options, type: 'info' });
  }

  warning(message: string, options?: Omit<ToastOptions, 'type'>) {
    return this.show(message, { ...options, type: 'warning' });
  }

  error(message: string, options?: Omit<ToastOptions, 'type'>) {
    return this.show(message, { ...options, type: 'error' });
  }

  dismiss(id: number) {
    this.toasts = this.toasts.filter((toast) => toast.id !== id);
  }

  at(placement: ToastPlacement): Toast[] {
    return this.toasts.filter((toast) => toast.placement === placement);
  }
}
