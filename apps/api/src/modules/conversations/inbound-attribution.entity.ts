import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Attribution, AttributionReason } from '@sendbook/queue';

/**
 * Where an inbound message belongs: its conversation, and the outbound message it answers.
 * One row per inbound message (1:1 with inbound_messages), written in the transaction that
 * stores the message; changed by hand only through POST /v1/inbound/{id}/attribute (audited).
 */
@Entity({ name: 'inbound_attributions' })
@Index('ix_inbound_attributions_unattributed', ['createdAt', 'inboundMessageId'], { where: `attribution = 'unattributed'` })
@Index('ix_inbound_attributions_message', ['messageId'], { where: 'message_id IS NOT NULL' })
@Index('ix_inbound_attributions_conversation', ['conversationId', 'createdAt'])
@Index('ix_inbound_attributions_kind', ['attribution', 'createdAt'])
@Check('ck_inbound_attributions_attribution', `attribution IN ('message', 'conversation', 'unattributed')`)
export class InboundAttribution {
  @PrimaryColumn({ name: 'inbound_message_id', type: 'uuid' })
  inboundMessageId!: string;

  @Column({ name: 'conversation_id', type: 'uuid' })
  conversationId!: string;

  @Column({ name: 'contact_id', type: 'uuid' })
  contactId!: string;

  @Column({ type: 'text' })
  attribution!: Attribution;

  @Column({ type: 'text' })
  reason!: AttributionReason;

  /** The outbound message it answers (or a reaction names), else null. */
  @Column({ name: 'message_id', type: 'uuid', nullable: true })
  messageId!: string | null;

  /** The wamid the message named: context.id, or reaction.message_id. */
  @Column({ name: 'named_wamid', type: 'text', nullable: true })
  namedWamid!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
