import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A media id Meta gave for one of our files on one business number (an upload answers it; sends
 * name it). Kept so a retried reply reuses the id instead of uploading again, and so the thread can
 * show the file a sent message carried by its id.
 */
@Entity({ name: 'media_meta_ids' })
@Index('ix_media_meta_ids_file', ['mediaFileId', 'phoneNumberId', 'uploadedAt'])
export class MediaMetaId {
  @PrimaryColumn({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  @PrimaryColumn({ name: 'meta_media_id', type: 'text' })
  metaMediaId!: string;

  @Column({ name: 'media_file_id', type: 'uuid' })
  mediaFileId!: string;

  @Column({ name: 'uploaded_at', type: 'timestamptz' })
  uploadedAt!: Date;
}
