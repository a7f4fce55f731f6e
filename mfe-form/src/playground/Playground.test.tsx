import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Playground from './Playground';

afterEach(() => cleanup());

describe('Playground', () => {
  it('renders the pasted schema, shows live data and errors, and validates as on save', async () => {
    render(<Playground />);
    const site = screen.getByLabelText(/^Site/);
    fireEvent.change(site, { target: { value: 'South gate' } });
    await waitFor(() => expect(screen.getByTestId('live-data').textContent).toContain('South gate'));
    fireEvent.change(screen.getByLabelText('ZIP Code'), { target: { value: '12' } });
    await waitFor(() => expect(screen.getByTestId('live-errors').textContent).toContain('General.Zip'));
    act(() => {
      fireEvent.click(screen.getByText('Validate as on save'));
    });
    expect(screen.getAllByText('Please fix the field validation before submitting').length).toBeGreaterThan(
      0,
    );
  });

  it('shows invalid JSON and re-renders on Render', () => {
    render(<Playground />);
    fireEvent.change(screen.getByLabelText('Schema'), { target: { value: '{ nope' } });
    fireEvent.click(screen.getByText('Render'));
    expect(screen.getByText(/Invalid JSON/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Schema'), {
      target: { value: '{"type":"object","properties":{"x":{"type":"string","title":"Pasted"}}}' },
    });
    fireEvent.change(screen.getByLabelText('UI schema'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Data'), { target: { value: '{"x":"hi"}' } });
    fireEvent.click(screen.getByText('Render'));
    expect((screen.getByLabelText('Pasted') as HTMLInputElement).value).toBe('hi');
  });
});
