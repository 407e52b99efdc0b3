import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { AVAILABILITIES, type Availability } from '@sendbook/queue';
import { STAFF_ROLES, type StaffRole } from '../../../common/auth/principal.js';
import { MIN_PASSWORD_LENGTH } from '../../../config/load-config.js';
import { NOTIFICATION_VIEWS, type NotificationView } from '../domain/notification-settings.js';

/** `POST /v1/auth/login`. */
export class LoginDto {
  @IsString()
  @MaxLength(320)
  email!: string;

  @IsString()
  @MaxLength(1024)
  password!: string;
}

/** `POST /v1/staff`: without a password the answer carries a one-time invite link. */
export class CreateStaffDto {
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(320)
  email!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  @IsIn(STAFF_ROLES)
  role!: StaffRole;

  @IsOptional()
  @IsString()
  @Length(MIN_PASSWORD_LENGTH, 1024, { message: `password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  password?: string;
}

/** `PATCH /v1/staff/{id}`. */
export class UpdateStaffDto {
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  @IsOptional()
  @IsIn(STAFF_ROLES)
  role?: StaffRole;

  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

/** `POST /v1/auth/invites/{token}`: the invited (or reset) person's new password. */
export class AcceptInviteDto {
  @IsString()
  @Length(MIN_PASSWORD_LENGTH, 1024, { message: `password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  password!: string;
}

/** May be left out, but not null: a setting is on, off or kept, never "null" taken as kept. */
const OmittedOrValid = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined);

/** `PATCH /v1/auth/me` `notifications`: any of these; what is left out keeps its value. */
export class NotificationSettingsChangeDto {
  /** A sound for each new customer message in the chosen views. */
  @OmittedOrValid()
  @IsBoolean()
  sound?: boolean;

  /** A browser notification too, once the browser allows it (asked for at /settings/profile). */
  @OmittedOrValid()
  @IsBoolean()
  browser?: boolean;

  /** Which conversations notify and count in the tab title: `mine`, `unassigned`, `all` (all includes the others). */
  @OmittedOrValid()
  @IsArray()
  @ArrayMinSize(1, { message: 'views must name at least one of mine, unassigned, all' })
  @ArrayMaxSize(NOTIFICATION_VIEWS.length)
  @ArrayUnique({ message: 'views must not repeat a view' })
  @IsIn(NOTIFICATION_VIEWS, { each: true, message: 'each of views must be one of mine, unassigned, all' })
  views?: NotificationView[];
}

/**
 * `PATCH /v1/auth/me`: what a person may change of themselves, each part optional and on its own
 * (one field per concern, so another, such as availability, is one more property here).
 */
export class UpdateProfileDto {
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  /** `available` takes new conversations; `busy` and `away` do not (automatic assignment passes them by). */
  @IsOptional()
  @IsIn(AVAILABILITIES, { message: `availability must be one of ${AVAILABILITIES.join(', ')}` })
  availability?: Availability;

  @OmittedOrValid()
  @IsObject({ message: 'notifications must be an object' })
  @ValidateNested()
  @Type(() => NotificationSettingsChangeDto)
  notifications?: NotificationSettingsChangeDto;
}

/** `POST /v1/auth/password`. */
export class ChangePasswordDto {
  @IsString()
  @MaxLength(1024)
  current_password!: string;

  @IsString()
  @Length(MIN_PASSWORD_LENGTH, 1024, { message: `new_password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  new_password!: string;
}
