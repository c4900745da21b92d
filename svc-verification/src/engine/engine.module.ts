import { Module } from '@nestjs/common';
import { AiVerificationEngine } from './ai-verification.engine';
import { Ocr } from './document/ocr';
import { FaceModel } from './faces/face-model';
import { HeadTurnLiveness } from './liveness/head-turn-liveness';
import { SurfaceMotion } from './liveness/surface-motion';
import { VerificationEngine } from './verification-engine';

/** The AI checks, loaded once at start-up. */
@Module({
  providers: [FaceModel, Ocr, SurfaceMotion, HeadTurnLiveness, { provide: VerificationEngine, useClass: AiVerificationEngine }],
  exports: [VerificationEngine],
})
export class EngineModule {}
