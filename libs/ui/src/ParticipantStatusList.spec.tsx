import { createI18n } from '@idv/i18n';
import { act, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { ParticipantStatusList } from './ParticipantStatusList';

beforeAll(async () => {
  await createI18n();
});

describe('ParticipantStatusList', () => {
  it('tells an accepted place from one nobody has answered yet, in English and Spanish', async () => {
    await act(() => i18next.changeLanguage('en'));
    render(
      <ParticipantStatusList
        label="Participants"
        participants={[
          { _id: 'p-ana', name: 'Ana Pérez', email: 'a', status: 'pending', claimed: true },
          { _id: 'p-bo', name: 'Bo Li', email: 'b', status: 'pending', claimed: false },
          { _id: 'p-cy', name: 'Cy Ng', email: 'c', status: 'submitted', claimed: true },
        ]}
      />,
    );
    const row = (name: string) => within(screen.getByText(name).closest('li') as HTMLElement);
    expect(row('Ana Pérez').getByText('Accepted')).toBeInTheDocument();
    expect(row('Bo Li').getByText('Pending')).toBeInTheDocument();
    expect(row('Cy Ng').getByText('Submitted')).toBeInTheDocument();
    await act(() => i18next.changeLanguage('es'));
    expect(row('Ana Pérez').getByText('Aceptado')).toBeInTheDocument();
    expect(row('Bo Li').getByText('Pendiente')).toBeInTheDocument();
  });
});
