import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { createI18n } from '@idv/i18n';

let SessionModule: typeof import('../remote-entry').default;

beforeAll(async () => {
  await createI18n();
  SessionModule = (await import('../remote-entry')).default;
});

function renderCreate() {
  return render(
    <MemoryRouter initialEntries={['/create']}>
      <Routes>
        <Route path="*" element={<SessionModule />} />
      </Routes>
    </MemoryRouter>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillStep1(name = 'Ana Pérez', email = 'ana@example.com', purpose = 'Selling a car') {
  type('Your name', name);
  type('Your email', email);
  type('Purpose of the verification', purpose);
}

describe('create, step 1', () => {
  it('keeps Continue disabled until name, email and purpose are all filled', () => {
    renderCreate();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    type('Your name', 'Ana');
    type('Your email', 'ana@example.com');
    expect(next).toBeDisabled();
    type('Purpose of the verification', 'x');
    expect(next).toBeEnabled();
  });

  it('shows each rule’s message, and clears a field’s message when it is edited', () => {
    renderCreate();
    fillStep1('A', 'ana@', ' ');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter a valid name (2-50 characters)')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please describe the purpose of this verification')).toBeInTheDocument();
    type('Your name', 'Ana');
    expect(screen.queryByText('Please enter a valid name (2-50 characters)')).toBeNull();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('says what is wrong with a field as soon as the person leaves it, and why Continue is not yet on', () => {
    renderCreate();
    expect(screen.getByText('Fill in your name, email and purpose to continue.')).toBeInTheDocument();
    type('Your name', 'A');
    fireEvent.blur(screen.getByLabelText('Your name'));
    expect(screen.getByText('Please enter a valid name (2-50 characters)')).toBeInTheDocument();
    type('Your email', 'maria@');
    fireEvent.blur(screen.getByLabelText('Your email'));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Your email')).toHaveAttribute('aria-invalid', 'true');
    // An empty field left behind is not scolded.
    fireEvent.blur(screen.getByLabelText('Purpose of the verification'));
    expect(screen.queryByText('Please describe the purpose of this verification')).toBeNull();
    // Leaving for a button being pressed says nothing yet: the message would move the button from under the pointer.
    type('Your name', 'B');
    fireEvent.blur(screen.getByLabelText('Your name'), { relatedTarget: screen.getByRole('button', { name: 'Continue' }) });
    expect(screen.queryByText('Please enter a valid name (2-50 characters)')).toBeNull();
    type('Purpose of the verification', 'Selling a car');
    expect(screen.queryByText('Fill in your name, email and purpose to continue.')).toBeNull();
  });

  it('caps the purpose at 50 characters with a counter', () => {
    renderCreate();
    type('Purpose of the verification', 'p'.repeat(60));
    expect(screen.getByLabelText('Purpose of the verification')).toHaveValue('p'.repeat(50));
    expect(screen.getByText('50/50')).toBeInTheDocument();
  });

  it('moves to step 2 after a 0.5 s pause', async () => {
    jest.useFakeTimers();
    try {
      renderCreate();
      fillStep1();
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled();
      act(() => jest.advanceTimersByTime(499));
      expect(screen.queryByText('Step 2 of 2')).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
      // The pressed button is gone: the focus is on the step line, not on the page's body.
      expect(screen.getByText('Step 2 of 2')).toHaveFocus();
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByText('Step 1 of 2')).toHaveFocus();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('create, step 2', () => {
  function startAtStep2(participants = [{ name: '', email: '' }]) {
    localStorage.setItem('idv.createDraft', JSON.stringify({ step: 2, name: 'Ana Pérez', email: 'ana@example.com', purpose: 'Selling a car', participants }));
    renderCreate();
  }

  it('shows the summary, and keeps Create disabled until the terms are accepted', () => {
    startAtStep2();
    expect(screen.getByText('Ana Pérez · ana@example.com')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create session' });
    expect(create).toBeDisabled();
    fireEvent.click(screen.getByLabelText('I accept the'));
    expect(create).toBeEnabled();
  });

  it('removes a participant only when more than one is listed, and stops at 3 in all', () => {
    startAtStep2();
    expect(screen.queryByRole('button', { name: /Remove participant/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add participant' }));
    expect(screen.getAllByRole('button', { name: /Remove participant/ })).toHaveLength(2);
    // At the maximum the button says so and is off, before anyone presses it.
    expect(screen.getByRole('button', { name: 'Add participant' })).toBeDisabled();
    expect(screen.getByText('Maximum 3 participants allowed (including initiator)')).toBeInTheDocument();
    expect(screen.getAllByLabelText(/Participant \d name/)).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove participant 2' }));
    expect(screen.getAllByLabelText(/Participant \d name/)).toHaveLength(1);
  });

  it('asks for an e-mail address of their own for each participant', () => {
    startAtStep2([{ name: 'Bo Li', email: 'ANA@example.com' }]);
    fireEvent.click(screen.getByLabelText('I accept the'));
    fireEvent.click(screen.getByRole('button', { name: 'Create session' }));
    expect(screen.getByText('Each participant needs their own email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Participant 1 email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks every participant on create, with the participant messages', () => {
    startAtStep2([{ name: '', email: 'bo@example' }]);
    fireEvent.click(screen.getByLabelText('I accept the'));
    fireEvent.click(screen.getByRole('button', { name: 'Create session' }));
    expect(screen.getByText('Please fill in all participant names and emails')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('opens the terms in a dialog, with their text', async () => {
    startAtStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Terms of Service' }));
    expect(screen.getByRole('dialog', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'What a result means' })).toBeInTheDocument();
  });

  it('keeps the draft across a reload, step included', () => {
    const first = renderCreate();
    fillStep1('Bo Li', 'bo@example.com', 'Renting');
    first.unmount();
    renderCreate();
    expect(screen.getByLabelText('Your name')).toHaveValue('Bo Li');
    expect(screen.getByLabelText('Purpose of the verification')).toHaveValue('Renting');
  });
});

describe('join', () => {
  function renderJoin() {
    render(
      <MemoryRouter initialEntries={['/join']}>
        <Routes>
          <Route path="*" element={<SessionModule />} />
          <Route path="/invite/:id" element={<p>invite page</p>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('upper-cases the code and stops at 24 characters', () => {
    renderJoin();
    type('Session code', 'abcd-efgh-jkmn-pqrs-tvwx-yz');
    expect(screen.getByLabelText('Session code')).toHaveValue('ABCD-EFGH-JKMN-PQRS-TVWX');
  });

  it('asks for a code when empty', () => {
    renderJoin();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getByText('Please enter a session code')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await act(() => i18next.changeLanguage('es'));
    renderJoin();
    fireEvent.click(screen.getByRole('button', { name: 'Unirse' }));
    expect(screen.getByText('Por favor, introduce un código de sesión')).toBeInTheDocument();
  });
});
