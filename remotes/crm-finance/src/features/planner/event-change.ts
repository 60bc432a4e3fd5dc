import { plannerErrorCodes, plannerMessages, type PlannerEvent, type UpdatePlannerEventRequest } from '@repo/contracts';
import { getApiError } from '@repo/shared-core';

/** Whether a failure is the 409 «the employee already has an appointment then» (asked, then sent with `force`). */
export const isAppointmentOverlap = (e: unknown) => {
  const err = getApiError(e);
  return err.status === 409 && err.code === plannerErrorCodes.appointmentOverlap;
};

/**
 * Sends once; on 409 `appointment_overlap` asks (`confirm`, the server's question) and, if the answer is
 * yes, sends again with `force: true`. Returns null when the user declined; other failures are thrown.
 */
export async function sendWithOverlapConfirm<T>(send: (force: boolean) => Promise<T>, confirm: (question: string) => Promise<boolean>): Promise<T | null> {
  try {
    return await send(false);
  } catch (e) {
    if (!isAppointmentOverlap(e)) throw e;
    const question = getApiError(e).message || plannerMessages.appointmentOverlap;
    if (!(await confirm(question))) return null;
    return send(true);
  }
}

/** What a drag or a resize hands over (FullCalendar's EventDropInfo / EventResizeDoneInfo, reduced). */
export interface EventChangeInfo {
  event: { id: string; start: Date | null; end: Date | null };
  oldEvent?: { start: Date | null; end: Date | null };
  revert: () => void;
}

export interface EventChangeDeps {
  update: (id: string, body: UpdatePlannerEventRequest) => Promise<PlannerEvent>;
  confirm: (question: string) => Promise<boolean>;
  /** A refusal's Russian message (a toast). */
  fail: (message: string) => void;
  /** After a saved change (refetch). */
  saved?: (event: PlannerEvent) => void;
}

/**
 * A moved or resized event: PATCH `{ start, end }` (the calendar already shows it there: optimistic). A
 * refusal puts it back (`revert`) with the server's message; an overlapping appointment is asked about
 * and sent again with `force`, and put back if the answer is no. Resolves to whether it was saved.
 */
export async function applyEventChange(info: EventChangeInfo, deps: EventChangeDeps): Promise<boolean> {
  const { event } = info;
  if (!event.start) {
    info.revert();
    return false;
  }
  // A timed event always has an end; FullCalendar drops it when it equals the default duration.
  const start = event.start;
  const oldDuration = info.oldEvent?.start && info.oldEvent.end ? info.oldEvent.end.getTime() - info.oldEvent.start.getTime() : 60 * 60_000;
  const end = event.end ?? new Date(start.getTime() + oldDuration);
  const body = { start: start.toISOString(), end: end.toISOString() };
  try {
    const saved = await sendWithOverlapConfirm((force) => deps.update(event.id, force ? { ...body, force: true } : body), deps.confirm);
    if (!saved) {
      info.revert();
      return false;
    }
    deps.saved?.(saved);
    return true;
  } catch (e) {
    info.revert();
    deps.fail(getApiError(e).message);
    return false;
  }
}
