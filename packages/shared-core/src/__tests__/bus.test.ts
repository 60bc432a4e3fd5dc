import { bus } from '../bus';

describe('event bus', () => {
  it('delivers typed area messages between areas and stops after off()', () => {
    const handler = jest.fn();
    bus.on('area:message', handler);
    bus.emit('area:message', { from: 'stock', type: 'product-picked', payload: { id: 'p-1' } });
    bus.off('area:message', handler);
    bus.emit('area:message', { from: 'stock', type: 'ignored' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ from: 'stock', type: 'product-picked', payload: { id: 'p-1' } });
  });
});
