import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A saved answer agents insert into a reply, its variables filled for the thread at hand. */
@Entity({ name: 'snippets' })
export class Snippet {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** What agents search by when they type `/` in the composer; unique. */
  @Index('uq_snippets_title', { unique: true })
  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  text!: string;

  /** `staff:<id>` or `api_key:<id>`. */
  @Column({ name: 'created_by', type: 'text' })
  createdBy!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
