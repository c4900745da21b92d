import { SESSION_ID_LENGTH } from './validation/session-id';

/** Business constants of docs/product.md ("Rules") and docs/decisions.md, in one place. */
export const LIMITS = {
  nameMinLength: 2,
  nameMaxLength: 50,
  emailMaxLength: 254,
  /**
   * The most UTF-16 code units a short text field (name, purpose, e-mail, reason) may have before
   * anything else is done with it: normalisation and grapheme counting cost more than its size,
   * so a longer value is refused first, at the cost of one length read. 8 per visible character
   * leaves room for combining accents, surrogate pairs and surrounding white space.
   */
  textFieldMaxCodeUnits: 400,
  purposeMaxLength: 50,
  /** Including the initiator. */
  minParticipants: 2,
  maxParticipants: 3,
  joinCodeMaxLength: 24,
  /** A session code as pasted into a URL: longer than this is not a code, whatever it holds. */
  sessionCodeMaxCodeUnits: 64,
  sessionIdLength: SESSION_ID_LENGTH,
  createStepPauseMs: 500,
  /** The waiting and results pages re-read the session this often while its live stream is down. */
  waitingPollMs: 3000,
  languageRedetectMs: 1000,
  /** A session that is not final this long after creation is expired. */
  sessionExpiryDays: 7,
  /** Sessions and participants are deleted this long after creation. */
  retentionDays: 30,
  /** A code that moves a place to another device is valid this long, and used once. */
  handoffValidMinutes: 10,
  /** A liveness challenge is refused this long after it was issued: time for the capture, not for a recording to be made. */
  livenessChallengeValidMinutes: 2,
  /** The moves of one challenge, each a different one, in a random order (24 orders of 4 moves). */
  livenessChallengeMoves: 3,
  /**
   * A liveness capture (`proofOfLife`): at most this many frames, each a JPEG, PNG or WebP of at most
   * livenessFrameMaxBytes (a 640 x 480 camera frame is 30-70 kB as a JPEG), refused by their length
   * before any is decoded. A capture takes at most 38: two at the camera, eight a move, and four
   * more for each move asked for once more (CAPTURE_TIMING), 1.1-2.7 MB in all, within
   * verificationBodyMaxBytes beside the document's photos.
   */
  livenessFramesMax: 38,
  livenessFrameMaxBytes: 200 * 1024,
  /** How often a place may move to another device: each token check reads one record per move. */
  handoffMaxMoves: 5,
  /** How many times the initiator may release one place claimed by the wrong person. */
  placeReleaseMax: 3,
  /** The device showing a handoff code checks this often whether the place has moved. */
  handoffCheckMs: 2000,
  /** A live session stream sends a heartbeat this often; a browser that hears nothing for 2.5x this opens it again. */
  sessionStreamHeartbeatMs: 15000,
  /** Files the browser accepts before downscaling. */
  uploadMaxBytes: 10 * 1024 * 1024,
  uploadLongEdgePx: 2000,
  /** One decoded image at the verification service. */
  imageMaxBytes: 5 * 1024 * 1024,
  /**
   * The largest photo accepted (6000 x 4000, a camera's or a phone's full-resolution file sent
   * through the API). One with a long edge over uploadLongEdgePx is brought down to it at once, as
   * the browser does before it uploads: a larger image buys no accuracy (the checks work at
   * 1600-2000 px) and would only cost decoding at every stage.
   */
  imageMaxPixels: 6000 * 4000,
  /** Body limit of the verification route at the gateway. */
  verificationBodyMaxBytes: 12 * 1024 * 1024,
  /** Body limit of every other route. */
  defaultBodyMaxBytes: 64 * 1024,
  /**
   * The shape of any JSON body, checked before it is parsed: a body past these is no request of the
   * API, and parsing it would cost the gateway up to seconds (12 MB nested millions of levels).
   * Nesting: objects and arrays inside one another. The deepest body the API takes has 3 levels
   * (a participant in a new session's list); one more lets a value of the wrong kind one level down
   * be answered field by field.
   */
  bodyMaxNesting: 4,
  /**
   * Quote characters in a body: two per key or text value, and one per escaped quote. A request has
   * about 40, but a text `proofOfLife` may be 10,000 characters, each of them a quote.
   */
  bodyMaxQuotes: 16 * 1024,
  /** Bytes of a body outside its text values (punctuation, numbers, true/false/null, white space): the largest request, indented, has about 600. */
  bodyMaxStructureBytes: 8 * 1024,
} as const;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const CANCEL_REASON_BY_INITIATOR = 'Cancelled by initiator';
