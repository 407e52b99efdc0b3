import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { STAFF_ROLES, type StaffRole } from '../../../common/auth/principal.js';
import { MIN_PASSWORD_LENGTH } from '../../../config/load-config.js';

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

/** `PATCH /v1/auth/me`: what a person may change of themselves. */
export class UpdateProfileDto {
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;
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
