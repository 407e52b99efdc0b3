export interface LongThreadRows {
  phoneNumberId: string;
  waId: string;
  conversationId: string;
  contactId: string;
  deliveryId: string;
  count: number;
  start: Date;
}
export declare function insertLongThreadRows(query: (sql: string, params: unknown[]) => Promise<unknown>, rows: LongThreadRows): Promise<void>;
