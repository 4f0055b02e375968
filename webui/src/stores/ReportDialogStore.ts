import { makeAutoObservable, runInAction } from 'mobx';
import type { CreateReportInput, ReportPostType } from '../api/reports';
import type { Item } from '../api/wire.gen';
import { REPORT_CONTENT_MAX, REPORT_MAX_IMAGES, reportLength, reportReasons } from '../models/Report';
import type { RootStore } from './RootStore';
import { registerStore } from './lazyStores';

/** What the report dialog is about: the kind of thing, its id, and a line saying which it is. */
export interface ReportTarget {
  postType: ReportPostType;
  postId: string;
  /** Shown in the dialog: the message's text or the member's name. */
  summary?: string;
}

/**
 * The report dialog (SPEC §2, §5): a reason from the settings' report types for the current
 * language (required), what happened (required), up to 4 screenshots from the media library, then
 * mutates.createReport. Reachable from a chat message, a private message and a member's profile.
 */
export class ReportDialogStore {
  target: ReportTarget | null = null;
  type = '';
  content = '';
  imgs: Item[] = [];
  isSubmitting = false;
  /** The media library is open to pick screenshots. */
  isPicking = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  get isOpen(): boolean {
    return this.target !== null;
  }

  /** The reasons to pick from for the target, in the settings' language. */
  get reasons(): string[] {
    return this.target ? reportReasons(this.root.settings.settings, this.target.postType) : [];
  }

  get remainingImages(): number {
    return Math.max(0, REPORT_MAX_IMAGES - this.imgs.length);
  }

  /** Opens the dialog for a thing, empty; a guest gets the login box instead. */
  open(target: ReportTarget) {
    if (!this.root.auth.requireLogin()) return;
    this.target = target;
    this.type = '';
    this.content = '';
    this.imgs = [];
    this.isPicking = false;
    this.isSubmitting = false;
  }

  /** Closes the dialog, unless the report is on its way. */
  close() {
    if (this.isSubmitting) return;
    this.target = null;
    this.isPicking = false;
  }

  setType(type: string) {
    this.type = type;
  }

  setContent(content: string) {
    this.content = [...content].slice(0, REPORT_CONTENT_MAX).join('');
  }

  openPicker() {
    this.isPicking = true;
  }

  closePicker() {
    this.isPicking = false;
  }

  /**
   * Takes the images picked in the media library as the screenshots: only images, each once, at
   * most 4 (the library enforces the same limit).
   */
  setImages(items: Item[]) {
    const images: Item[] = [];
    for (const item of items) {
      if (!item?.id || (item.mediaType && item.mediaType !== 'image')) continue;
      if (images.some((held) => held.id === item.id)) continue;
      images.push(item);
    }
    this.imgs = images.slice(0, REPORT_MAX_IMAGES);
    this.isPicking = false;
  }

  removeImage(id: string) {
    this.imgs = this.imgs.filter((img) => img.id !== id);
  }

  /** The i18n key of the first thing missing (a toast), or null when the report may be sent. */
  get problem(): string | null {
    if (!this.type || !this.reasons.includes(this.type)) return 'common.report.selectType';
    const content = this.content.trim();
    if (!content || reportLength(content) > REPORT_CONTENT_MAX) return 'common.report.inputContent';
    return null;
  }

  /** Checks the form (a toast says what is missing) and sends the report; true once it is filed. */
  async submit(): Promise<boolean> {
    const target = this.target;
    if (!target || this.isSubmitting) return false;
    const problem = this.problem;
    if (problem) {
      this.root.toasts.warning(this.root.t(problem));
      return false;
    }
    const input: CreateReportInput = {
      content: this.content.trim(),
      type: this.type,
      imgs: this.imgs.map((img) => img.id),
      postId: target.postId,
      postType: target.postType,
    };
    this.isSubmitting = true;
    const reply = await this.root.client.request('mutates.createReport', input);
    const filed = reply?.gqCreateReport?.success === true;
    runInAction(() => {
      this.isSubmitting = false;
      if (filed && this.target === target) this.target = null;
    });
    if (filed) this.root.toasts.success(this.root.t('common.report.submitSuccess'));
    return filed;
  }
}

registerStore('reportDialog', (root) => new ReportDialogStore(root));
