import { Module } from '@nestjs/common';
import { HandoffsController } from './handoffs.controller';
import { SessionsController } from './sessions.controller';

@Module({ controllers: [SessionsController, HandoffsController] })
export class SessionsModule {}
