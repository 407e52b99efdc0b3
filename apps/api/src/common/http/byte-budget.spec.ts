import { ByteBudget } from './byte-budget.js';

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
