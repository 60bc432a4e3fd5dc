import { plannerMessages } from '@repo/contracts';
import { apiFailure } from '@repo/testing';
import { applyEventChange } from '../event-change';
import { plannerEvent } from './fixtures';

const moved = () => ({
  event: { id: 'ev1', start: new Date('2026-12-02T07:00:00.000Z'), end: new Date('2026-12-02T09:00:00.000Z') },
  oldEvent: { start: new Date('2026-12-01T07:00:00.000Z'), end: new Date('2026-12-01T08:00:00.000Z') },
  revert: jest.fn(),
});

describe('a drag or a resize', () => {
  it('sends the new start and end, and keeps the event where it was dropped', async () => {
    const info = moved();
    const update = jest.fn().mockResolvedValue(plannerEvent());
    const saved = jest.fn();
    await expect(applyEventChange(info, { update, confirm: jest.fn(), fail: jest.fn(), saved })).resolves.toBe(true);
    expect(update).toHaveBeenCalledWith('ev1', { start: '2026-12-02T07:00:00.000Z', end: '2026-12-02T09:00:00.000Z' });
    expect(info.revert).not.toHaveBeenCalled();
    expect(saved).toHaveBeenCalled();
  });

  it('a refused change (two shifts overlapping) goes back, with the server’s message', async () => {
    const info = moved();
    const update = jest.fn().mockRejectedValue(apiFailure(409, { message: plannerMessages.shiftOverlap, code: 'shift_overlap' }));
    const fail = jest.fn();
    const confirm = jest.fn();
    await expect(applyEventChange(info, { update, confirm, fail })).resolves.toBe(false);
    expect(info.revert).toHaveBeenCalledTimes(1);
    expect(fail).toHaveBeenCalledWith(plannerMessages.shiftOverlap);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('an overlapping appointment is asked about and sent again with force', async () => {
    const info = moved();
    const update = jest
      .fn()
      .mockRejectedValueOnce(apiFailure(409, { message: plannerMessages.appointmentOverlap, code: 'appointment_overlap' }))
      .mockResolvedValueOnce(plannerEvent());
    const confirm = jest.fn().mockResolvedValue(true);
    await expect(applyEventChange(info, { update, confirm, fail: jest.fn() })).resolves.toBe(true);
    expect(confirm).toHaveBeenCalledWith(plannerMessages.appointmentOverlap);
    expect(update).toHaveBeenLastCalledWith('ev1', { start: '2026-12-02T07:00:00.000Z', end: '2026-12-02T09:00:00.000Z', force: true });
    expect(info.revert).not.toHaveBeenCalled();
  });

  it('declined, the appointment goes back and nothing more is sent', async () => {
    const info = moved();
    const update = jest.fn().mockRejectedValue(apiFailure(409, { message: plannerMessages.appointmentOverlap, code: 'appointment_overlap' }));
    const fail = jest.fn();
    await expect(applyEventChange(info, { update, confirm: jest.fn().mockResolvedValue(false), fail })).resolves.toBe(false);
    expect(update).toHaveBeenCalledTimes(1);
    expect(info.revert).toHaveBeenCalledTimes(1);
    expect(fail).not.toHaveBeenCalled();
  });

  it('an event dropped without an end keeps its old length', async () => {
    const info = { ...moved(), event: { id: 'ev1', start: new Date('2026-12-03T10:00:00.000Z'), end: null } };
    const update = jest.fn().mockResolvedValue(plannerEvent());
    await applyEventChange(info, { update, confirm: jest.fn(), fail: jest.fn() });
    expect(update).toHaveBeenCalledWith('ev1', { start: '2026-12-03T10:00:00.000Z', end: '2026-12-03T11:00:00.000Z' });
  });
});
