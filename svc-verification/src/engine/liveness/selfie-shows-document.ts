import { printedDocumentNumber, printedSurname } from '../document/front-document';
import { findMrzLines, type MrzReading } from '../document/mrz';

/**
 * A surname word this long or longer, read in the selfie, is the document's: shorter words (KIM,
 * LI) turn up in what OCR makes of hair, clothes and backgrounds.
 */
const SURNAME_WORD_MIN_LETTERS = 4;

/**
 * The selfie shows the identity document rather than a person (docs/liveness.md, "card held to
 * the camera"): its printed text holds the document number the zone gives, a surname word of the
 * zone, or a machine readable zone. A face at the camera has none of these around it; a card or a
 * data page held up, or a photo of one, has them beside its portrait. Text that was not read (a
 * blurred card, a read cut short) shows nothing: other liveness signals must refuse those.
 */
export function selfieShowsTheDocument(selfieText: string, zone: Pick<MrzReading, 'documentNumber' | 'surname'>): boolean {
  if (!selfieText.trim()) return false;
  return (
    printedDocumentNumber(selfieText, zone.documentNumber) ||
    findMrzLines(selfieText) !== undefined ||
    printedSurname(selfieText, zone.surname, SURNAME_WORD_MIN_LETTERS)
  );
}
