import { Injectable } from '@nestjs/common';
import type { PhoneNumberProfile } from '@sendbook/whatsapp';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';

/** A number's profile as stored: what Meta last said about it. */
export interface StoredProfile {
  readonly phoneNumberId: string;
  readonly displayPhoneNumber: string;
  readonly verifiedName: string | null;
  readonly qualityRating: string | null;
  readonly throughputLevel: string | null;
  readonly nameStatus: string | null;
  readonly syncedAt: Date | null;
}

/** The profile columns of `business_numbers` (the policy module keeps the rest of the row). */
@Injectable()
export class NumberProfilesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ids(): Promise<string[]> {
    const rows = await queryRows<{ phone_number_id: string }>(this.dataSource, `SELECT phone_number_id FROM business_numbers`, []);
    return rows.map((r) => r.phone_number_id);
  }

  /** Meta's answer, kept; the display number as digits (the form webhooks key quality updates by). */
  async save(profile: PhoneNumberProfile, at: Date): Promise<void> {
    const display = profile.displayPhoneNumber?.replace(/\D/g, '') || null;
    await this.dataSource.query(
      `INSERT INTO business_numbers (phone_number_id, display_phone_number, seen_at, verified_name, quality_rating, throughput_level, name_status, profile_synced_at)
       VALUES ($1, COALESCE($2, ''), $7, $3, $4, $5, $6, $7)
       ON CONFLICT (phone_number_id) DO UPDATE SET
         display_phone_number = COALESCE($2, business_numbers.display_phone_number),
         verified_name = $3, quality_rating = $4, throughput_level = $5, name_status = $6, profile_synced_at = $7`,
      [profile.id, display, profile.verifiedName, profile.qualityRating, profile.throughputLevel, profile.nameStatus, at],
    );
  }

  async all(): Promise<Map<string, StoredProfile>> {
    const rows = await queryRows<{
      phone_number_id: string;
      display_phone_number: string;
      verified_name: string | null;
      quality_rating: string | null;
      throughput_level: string | null;
      name_status: string | null;
      profile_synced_at: Date | null;
    }>(
      this.dataSource,
      `SELECT phone_number_id, display_phone_number, verified_name, quality_rating, throughput_level, name_status, profile_synced_at FROM business_numbers`,
      [],
    );
    return new Map(
      rows.map((r) => [
        r.phone_number_id,
        {
          phoneNumberId: r.phone_number_id,
          displayPhoneNumber: r.display_phone_number,
          verifiedName: r.verified_name,
          qualityRating: r.quality_rating,
          throughputLevel: r.throughput_level,
          nameStatus: r.name_status,
          syncedAt: r.profile_synced_at,
        },
      ]),
    );
  }
}
