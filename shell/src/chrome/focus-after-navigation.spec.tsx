import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { useFocusAfterNavigation } from './focus-after-navigation';

/** A page whose button leads to another page; the other page shows its heading only once `shown`. */
function App({ headingShown }: { headingShown: boolean }) {
  useFocusAfterNavigation();
  return (
    <main>
      <Routes>
        <Route path="/" element={<First />} />
        <Route path="/next" element={headingShown ? <h1>Next page</h1> : <p>Loading</p>} />
        <Route path="/own" element={<OwnFocus />} />
      </Routes>
    </main>
  );
}

function First() {
  const navigate = useNavigate();
  return (
    <>
      <h1>First page</h1>
      <button type="button" onClick={() => navigate('/next')}>
        Go
      </button>
      <button type="button" onClick={() => navigate('/own')}>
        Elsewhere
      </button>
    </>
  );
}

function OwnFocus() {
  const [value, setValue] = useState('');
  return (
    <>
      <h1>Own</h1>
      <input aria-label="field" autoFocus value={value} onChange={(e) => setValue(e.target.value)} />
    </>
  );
}

describe('useFocusAfterNavigation', () => {
  it('puts the focus on the new page heading when the pressed control is gone, once the heading is shown', async () => {
    const view = render(
      <MemoryRouter>
        <App headingShown={false} />
      </MemoryRouter>,
    );
    expect(document.body).toHaveFocus(); // the first page of a visit: untouched
    screen.getByRole('button', { name: 'Go' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(document.body).toHaveFocus();
    view.rerender(
      <MemoryRouter>
        <App headingShown />
      </MemoryRouter>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('heading', { name: 'Next page' })).toHaveFocus();
  });

  it('leaves the focus where a page put it', async () => {
    render(
      <MemoryRouter>
        <App headingShown />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByLabelText('field')).toHaveFocus();
  });
});
