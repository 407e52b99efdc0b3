import { ByteBudget, SharedByteBudget } from './byte-budget.js';

describe('ByteBudget', () => {
  it('takes what fits, refuses what does not, and frees what is given back', () => {
    const budget = new ByteBudget(100);
    expect(budget.tryTake(60)).toBe(true);
    expect(budget.tryTake(50)).toBe(false);
    expect(budget.held).toBe(60);
    expect(budget.tryTake(40)).toBe(true);
    budget.give(60);
    expect(budget.held).toBe(40);
    expect(budget.tryTake(60)).toBe(true);
    budget.give(1_000);
    expect(budget.held).toBe(0);
  });
});

describe('SharedByteBudget', () => {
  it('one client holds at most its share; others still find room in the rest', () => {
    const budget = new SharedByteBudget(100, 0.25);
    expect(budget.tryTake('slow', 25)).toBe(true);
    expect(budget.tryTake('slow', 1)).toBe(false);
    expect(budget.tryTake('meta-1', 25)).toBe(true);
    expect(budget.tryTake('meta-2', 25)).toBe(true);
    expect(budget.tryTake('meta-3', 25)).toBe(true);
    // The whole is full: nobody more, whatever their share.
    expect(budget.tryTake('meta-4', 1)).toBe(false);
    budget.give('slow', 25);
    expect(budget.heldBy('slow')).toBe(0);
    expect(budget.tryTake('meta-4', 25)).toBe(true);
    expect(budget.held).toBe(100);
  });
});
