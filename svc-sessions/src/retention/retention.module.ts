import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { RetentionSweeper } from './retention.sweeper';

@Module({ imports: [SessionsModule], providers: [RetentionSweeper], exports: [RetentionSweeper] })
export class RetentionModule {}
