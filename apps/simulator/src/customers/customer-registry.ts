import type { CustomerDirectory, SimContext } from '../sim-context.js';
import type { AcceptedMessage } from '../state/records.js';
import { Customer, type CustomerOptions } from './customer.js';

export interface RandomCustomersOptions {
  count: number;
  /** Chance that a customer answers each message it receives. */
  replyProbability: number;
  replyDelayMs?: readonly [number, number];
  /** Each customer writes a first message, opening its 24 h window. */
  greet?: boolean;
  phoneNumberId?: string;
}

const NAMES = [
  'Sheena Nelson',
  'Pablo Morales',
  'Aisha Khan',
  'Noa Levi',
  'Kenji Watanabe',
  'Amara Okafor',
  'Lucía Fernández',
  'Jonas Becker',
  'Priya Raman',
  'Tomás Silva',
];
const GREETINGS = ['Hi! Is my order on its way?', 'Hello 👋', 'Do you have this in blue?', 'Hi, I have a question about my booking'];

/** The simulated customers, by wa_id; also answers for them when they auto-reply. */
export class CustomerRegistry implements CustomerDirectory {
  private readonly customers = new Map<string, Customer>();
  private ctx: SimContext | null = null;

  attach(ctx: SimContext): void {
    this.ctx = ctx;
  }

  get(waId: string, options: CustomerOptions = {}): Customer {
    const id = waId.replace(/^\+/, '');
    const existing = this.customers.get(id);
    if (existing) return existing.update(options);
    const customer = new Customer(this.context(), id, options);
    this.customers.set(id, customer);
    return customer;
  }

  find(waId: string): Customer | undefined {
    return this.customers.get(waId);
  }

  /** The customer a BSUID names (a send by `recipient`). */
  findByUserId(userId: string): Customer | undefined {
    for (const customer of this.customers.values()) if (customer.userId === userId) return customer;
    return undefined;
  }

  all(): Customer[] {
    return [...this.customers.values()];
  }

  onReceived(message: AcceptedMessage): void {
    const customer = this.customers.get(message.to);
    const autoReply = customer?.autoReply;
    if (!customer || !autoReply) return;
    const ctx = this.context();
    const rng = ctx.customerRng();
    if (!rng.chance(autoReply.probability)) return;
    const [min, max] = autoReply.delayMs ?? [300, 1500];
    ctx.scheduler.after(rng.int(Math.min(min, max), Math.max(min, max)), () => customer.replyRandomly(message));
  }

  /** Creates `count` customers with fresh numbers who answer what they receive by chance. */
  createRandom(options: RandomCustomersOptions): Customer[] {
    const ctx = this.context();
    const rng = ctx.customerRng();
    const created: Customer[] = [];
    for (let i = 0; i < options.count; i++) {
      let waId: string;
      // Real-looking mobile numbers (Israel, +972 50): a 555 number is not a valid phone number.
      do waId = `97250${rng.int(1000000, 9999999)}`;
      while (this.customers.has(waId));
      const customer = this.get(waId, {
        name: NAMES[this.customers.size % NAMES.length] ?? 'Customer',
        autoReply: { probability: options.replyProbability, ...(options.replyDelayMs ? { delayMs: options.replyDelayMs } : {}) },
        ...(options.phoneNumberId ? { phoneNumberId: options.phoneNumberId } : {}),
      });
      if (options.greet) customer.sendText(rng.pick(GREETINGS));
      created.push(customer);
    }
    return created;
  }

  reset(): void {
    this.customers.clear();
  }

  private context(): SimContext {
    if (!this.ctx) throw new Error('CustomerRegistry used before attach()');
    return this.ctx;
  }
}
