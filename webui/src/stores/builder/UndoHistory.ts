import { makeAutoObservable } from 'mobx';

/** How many edits undo remembers. */
export const UNDO_DEPTH = 100;
/** Edits of the same field within this long are one step of undo (typing). */
export const COALESCE_MS = 800;

/**
 * The builder's undo and redo: snapshots of the document (JSON) taken before each edit. Edits
 * with the same key within COALESCE_MS are one step, so typing a word undoes as a whole.
 */
export class UndoHistory {
  private undoStack: string[] = [];
  private redoStack: string[] = [];
  private lastEdit = { key: '', at: 0 };

  constructor() {
    makeAutoObservable<UndoHistory, 'lastEdit'>(this, { lastEdit: false });
  }

  get canUndo() {
    return this.undoStack.length > 0;
  }

  get canRedo() {
    return this.redoStack.length > 0;
  }

  /** Remembers the document as it is before an edit (unless the edit continues the last one). */
  record(before: string, key: string, now = Date.now()) {
    const continues = key !== '' && key === this.lastEdit.key && now - this.lastEdit.at < COALESCE_MS;
    if (!continues) {
      this.undoStack.push(before);
      if (this.undoStack.length > UNDO_DEPTH) this.undoStack.shift();
    }
    this.lastEdit = { key, at: now };
    this.redoStack = [];
  }

  /** The document to go back to from current, or undefined when there is none. */
  undo(current: string): string | undefined {
    const previous = this.undoStack.pop();
    if (previous !== undefined) this.redoStack.push(current);
    this.lastEdit = { key: '', at: 0 };
    return previous;
  }

  /** The document to go forward to from current, or undefined when there is none. */
  redo(current: string): string | undefined {
    const next = this.redoStack.pop();
    if (next !== undefined) this.undoStack.push(current);
    this.lastEdit = { key: '', at: 0 };
    return next;
  }

  clear() {
    this.undoStack = [];
    this.redoStack = [];
    this.lastEdit = { key: '', at: 0 };
  }
}
