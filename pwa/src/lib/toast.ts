import { create } from 'zustand';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

/**
 * A catalog message, formatted when the toast is drawn: a toast shown just before the language
 * changes (registering as a US client switches to English) then reads in the new language.
 * A plain string is shown as given (a server message, already in the request's language).
 */
export interface ToastMessage {
  id: string;
  values?: Record<string, string | number>;
}
export type ToastText = string | ToastMessage;

export interface Toast {
  id: number;
  title: ToastText;
  description?: ToastText;
  severity: ToastSeverity;
  /** One button beside the text, e.g. "Desfazer" (ADR 015); pressing it also closes the toast. */
  action?: { label: string; onClick: () => void };
}

/** SPEC §9: one toast at a time, shown 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

interface ToastState {
  current: Toast | null;
  show(toast: Omit<Toast, 'id'>): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** A new toast replaces the one on screen rather than queueing behind it. */
export const useToastStore = create<ToastState>((set) => ({
  current: null,
  show: (toast) => set({ current: { ...toast, id: nextId++ } }),
  dismiss: (id) => set((state) => (state.current?.id === id ? { current: null } : state)),
}));

export const showToast = (toast: Omit<Toast, 'id'>) => useToastStore.getState().show(toast);

/**
 * A change done, with its Undo (ADR 015): pressing it runs `undo`, then says it was undone; an
 * undo that fails goes to `failed`, which tells the user.
 */
export function showUndoableToast({ title, description, undoLabel, undo, undoneTitle, failed }: { title: ToastText; description?: ToastText; undoLabel: string; undo: () => Promise<unknown>; undoneTitle: ToastText; failed: (error: unknown) => void }) {
  showToast({
    severity: 'success',
    title,
    ...(description === undefined ? {} : { description }),
    action: { label: undoLabel, onClick: () => void undo().then(() => showToast({ severity: 'info', title: undoneTitle }), failed) },
  });
}
