/** The camera (docs/product.md, "Rules": camera): availability pre-check, constraints, errors, capture. */
import { LIMITS } from '@idv/contracts';
import { fitWithin } from '../uploads/prepare-image';
import { meanLuma } from './head-turn-capture';

export type CameraProblem = 'denied' | 'notFound' | 'notSupported' | 'inUse' | 'constraints' | 'httpsRequired' | 'generic';

/** Front camera, ideal 640x480 at 30 fps, no audio. */
export const SELFIE_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 30 } },
  audio: false,
};

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])$/i;

export interface CameraEnvironment {
  hasGetUserMedia: boolean;
  isSecureContext: boolean;
  protocol: string;
  hostname: string;
}

export function browserCameraEnvironment(): CameraEnvironment {
  return {
    hasGetUserMedia: typeof navigator.mediaDevices?.getUserMedia === 'function',
    isSecureContext: window.isSecureContext,
    protocol: window.location.protocol,
    hostname: window.location.hostname,
  };
}

/** Before asking for the camera: a secure connection (https, localhost or an IP) and camera support. */
export function cameraPrecheck(env: CameraEnvironment): CameraProblem | null {
  const secure = env.isSecureContext || env.protocol === 'https:' || env.hostname === 'localhost' || IP_ADDRESS.test(env.hostname);
  if (!secure) return 'httpsRequired';
  // Browsers hide the camera API from pages that are not a secure context (plain http from a LAN
  // address, say): then the missing API means "use https", not "try another browser".
  if (!env.hasGetUserMedia) return env.isSecureContext || LOOPBACK.test(env.hostname) ? 'notSupported' : 'httpsRequired';
  return null;
}

/** What a failed getUserMedia means for the user. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'constraints';
    case 'TypeError':
      return 'notSupported';
    default:
      return 'generic';
  }
}

export const SELFIE_JPEG_QUALITY = 0.92;

/** A frame of a liveness capture: the spec's camera size, at qualities that keep it within the server's limit. */
const FRAME_LONG_EDGE_PX = 640;
const FRAME_JPEG_QUALITIES = [0.85, 0.7, 0.5];

/** The video's current picture drawn at most `longEdge` long, or null when there is none yet. */
function drawFrame(video: HTMLVideoElement, longEdge?: number): HTMLCanvasElement | null {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return null;
  const { width, height } = fitWithin(videoWidth, videoHeight, longEdge);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return canvas;
}

const jpegOf = (canvas: HTMLCanvasElement, quality: number): string | null => {
  const dataUrl = canvas.toDataURL('image/jpeg', quality);
  return dataUrl.startsWith('data:image/jpeg') ? dataUrl : null;
};

/**
 * The current frame of the live view as a JPEG data URL (not mirrored), or null when there is none
 * yet; a camera that gives more than the service accepts is drawn down like an upload.
 */
export function captureFrame(video: HTMLVideoElement): string | null {
  const canvas = drawFrame(video);
  return canvas && jpegOf(canvas, SELFIE_JPEG_QUALITY);
}

/**
 * A frame of a liveness capture (not mirrored): at most 640 px long, as a JPEG within
 * LIMITS.livenessFrameMaxBytes characters (a busier picture is encoded at a lower quality), or null.
 */
export function captureLivenessFrame(video: HTMLVideoElement): string | null {
  const canvas = drawFrame(video, FRAME_LONG_EDGE_PX);
  if (!canvas) return null;
  for (const quality of FRAME_JPEG_QUALITIES) {
    const dataUrl = jpegOf(canvas, quality);
    if (dataUrl && dataUrl.length <= LIMITS.livenessFrameMaxBytes) return dataUrl;
  }
  return null;
}

/** How bright the live view is now (0-255), from a small copy of it; null when there is no picture yet. */
export function liveBrightness(video: HTMLVideoElement): number | null {
  const canvas = drawFrame(video, 32);
  const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
  return pixels ? meanLuma(pixels) : null;
}
