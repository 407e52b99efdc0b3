import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A private note in a thread: for the team, never sent to the customer. */
@Entity({ name: 'conversation_notes' })
@Index('ix_conversation_notes_thread', ['conversationId', 'createdAt'])
// Search (migration 1796240100000): expression and trigram GIN indexes TypeORM cannot describe; named here so it leaves them be.
@Index('ix_conversation_notes_search_words', { synchronize: false })
export class ConversationNote {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'conversation_id', type: 'uuid' })
  conversationId!: string;

  /** `staff:<id>` (or `api_key:<id>`): who wrote it. */
  @Column({ type: 'text' })
  author!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
