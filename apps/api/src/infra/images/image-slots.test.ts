import { describe, expect, it } from 'vitest';
import { IMAGE_SLOTS, inImageSlot } from './image-slots.ts';

describe('image slots', () => {
  it('runs at most IMAGE_SLOTS decodes at once, the rest in order, and frees a slot when one fails', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (id: number) =>
      inImageSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        order.push(id);
        if (id === 1) throw new Error('damaged');
        return id;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(work));
    expect(most).toBe(IMAGE_SLOTS);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(order.slice(IMAGE_SLOTS)).toEqual([3, 4, 5, 6]);
    expect(await work(7)).toBe(7);
  });
});
