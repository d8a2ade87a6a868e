import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Job } from '../../jobs/job-runner';
import type { Mailer } from '../../mail/mailer';
import type { LiveEvents } from '../../telemetry/live-events';
import { escalateDue } from './escalation';
import { fanOut, type FanOutResult } from './fan-out';
import { notificationEvents } from './inbox';
import { sendDigests, sendNotificationMails, type MailDeps } from './mail-notices';

// People's notifications, for one instance: the periodic jobs (fan-out, escalation, e-mail, digest; each
// run on one instance, jobs/job-runner.ts) and the live `notification` message to each person told.

/** How often the digest job looks whether the hour has come (it sends once per person and day). */
export const DIGEST_EVERY_MS = 5 * 60_000;

export interface PeopleNotificationsOptions {
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  liveEvents: LiveEvents;
  publicUrl: string;
  timeZone: string;
  settings: { digestHour: number; emailMinutes: number; everySeconds: number };
}

export class PeopleNotifications {
  private readonly mail: MailDeps;

  constructor(private readonly options: PeopleNotificationsOptions) {
    const { db, mailer, log, publicUrl, timeZone, settings } = options;
    this.mail = {
      db,
      mailer,
      log,
      publicUrl,
      timeZone,
      emailMinutes: settings.emailMinutes,
      digestHour: settings.digestHour,
    };
  }

  /** Makes the notifications of the timeline's new entries and tells each person's consoles. */
  async fanOut(): Promise<FanOutResult> {
    const result = await fanOut(this.options.db);
    await this.tell(result.users, true);
    return result;
  }

  /** Escalates the alarms due, then makes their notifications at once; answers the alarms escalated. */
  async escalate(): Promise<number[]> {
    const escalated = await escalateDue(this.options.db);
    if (escalated.length > 0) {
      this.options.liveEvents.changed({ alarms: escalated });
      await this.fanOut();
    }
    return escalated;
  }

  sendMails(): Promise<string[]> {
    return sendNotificationMails(this.mail);
  }

  sendDigests(): Promise<string[]> {
    return sendDigests(this.mail);
  }

  /** Tells these people's consoles their unread count (and, for new ones, the newest). Never throws. */
  async tell(userIds: readonly number[], withNewest = false): Promise<void> {
    if (userIds.length === 0) return;
    try {
      const events = await notificationEvents(this.options.db, userIds, withNewest);
      await this.options.liveEvents.publish(
        events.map((e) => ({
          organizationId: e.organizationId,
          userId: e.userId,
          message: { event: 'notification', data: e.data },
        })),
      );
    } catch (err) {
      this.options.log.warn({ err }, 'notifications: live count not sent');
    }
  }

  /** The jobs, for the instance's runner. */
  jobs(): Job[] {
    const everyMs = this.options.settings.everySeconds * 1000;
    return [
      { name: 'notifications.fan-out', everyMs, run: () => this.fanOut() },
      { name: 'notifications.escalation', everyMs, run: () => this.escalate() },
      { name: 'notifications.mail', everyMs, run: () => this.sendMails() },
      { name: 'notifications.digest', everyMs: DIGEST_EVERY_MS, run: () => this.sendDigests() },
    ];
  }
}
