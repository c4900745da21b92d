import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { StatusEventsConsumer } from './status-events.consumer';

@Module({ imports: [SessionsModule], providers: [StatusEventsConsumer] })
export class StatusEventsModule {}
