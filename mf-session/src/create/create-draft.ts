import type { ParticipantInput } from '@idv/contracts';

/** What the create screen keeps across reloads (docs/product.md, "Screens", `/create`). */
export interface CreateDraft {
  step: 1 | 2;
  name: string;
  email: string;
  purpose: string;
  participants: ParticipantInput[];
}

export const DRAFT_KEY = 'idv.createDraft';

export const EMPTY_DRAFT: CreateDraft = { step: 1, name: '', email: '', purpose: '', participants: [{ name: '', email: '' }] };

export function loadDraft(): CreateDraft {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (!raw) return EMPTY_DRAFT;
    const draft = JSON.parse(raw) as Partial<CreateDraft>;
    const participants = Array.isArray(draft.participants) && draft.participants.length > 0 ? draft.participants : EMPTY_DRAFT.participants;
    return {
      step: draft.step === 2 ? 2 : 1,
      name: typeof draft.name === 'string' ? draft.name : '',
      email: typeof draft.email === 'string' ? draft.email : '',
      purpose: typeof draft.purpose === 'string' ? draft.purpose : '',
      participants: participants.slice(0, 2).map((p) => ({ name: String(p?.name ?? ''), email: String(p?.email ?? '') })),
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(draft: CreateDraft): void {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Not kept when storage is blocked; the form still works.
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
