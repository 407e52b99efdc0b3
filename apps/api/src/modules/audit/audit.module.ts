import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/** The audit trail: written by the modules that change things, read by the ones that show them. */
@Module({ providers: [AuditRepository, AuditService], exports: [AuditService] })
export class AuditModule {}
