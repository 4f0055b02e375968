/**
 * Reports and moderation (mutates.createReport, admin.reports, admin.resolveReport and the
 * `report_queue` event): the generated wire types under the names the client uses, and the values
 * the server documents as text.
 */
import type { MediaItem, QueueEvent, Report, Target } from './wire.gen';

export type { CreateReportInput, CreateReportReply, ReportsInput, ReportsReply, ResolveReportInput, ResolveReportReply } from './wire.gen';

/** What can be reported (more kinds later). */
export type ReportPostType = 'user' | 'chatMessage' | 'privateMessage' | 'media';

/** A report's state in the moderation queue. */
export type ReportStatus = 'open' | 'resolved';

/** What an admin does with a report. */
export type ReportAction = 'dismiss' | 'deleteContent' | 'warn' | 'ban';
export const REPORT_ACTIONS: readonly ReportAction[] = ['dismiss', 'deleteContent', 'warn', 'ban'];

/** A report as the queue reads it. */
export type ReportData = Report;
/** What the queue shows of the reported thing: a message's text, a member, or a media item. */
export type ReportTarget = Target;
/** What the queue shows of a media item (a screenshot, a reported item). */
export type ReportMediaItem = MediaItem;
/** The `report_queue` event, to admins' sessions: `added` (a new open report) or `resolved` (it left the open queue). */
export type ReportQueueEvent = QueueEvent;
