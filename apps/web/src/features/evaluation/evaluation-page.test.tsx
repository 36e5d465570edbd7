import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../api';
import { setState } from '../../lib/store';
import { mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { EvaluationPage } from './evaluation-page';

const FORM = '/lms/api/evaluation/3/42/9';
const form = {
  evaluationKey: 9,
  name: 'Course Feedback',
  description: 'Tell us.',
  anonymous: true,
  targetName: 'Dangerous Goods',
  submittedInstant: 0,
  questions: [
    { id: 'overall', type: 'rating', text: 'Overall', required: true },
    { id: 'pace', type: 'single', text: 'Pace', required: true, options: ['Slow', 'Right'] },
    {
      id: 'helped',
      type: 'multiple',
      text: 'Helped',
      required: false,
      options: ['Videos', 'Quizzes'],
    },
    { id: 'notes', type: 'text', text: 'Notes', required: false },
  ],
};

function setup(
  post: (request: RecordedRequest) => { status: number; body?: unknown },
  body = form,
) {
  const requests = mockFetch({ [`GET ${FORM}`]: { status: 200, body }, [`POST ${FORM}`]: post });
  act(() => setState({ sessionId: 's', currentUser: { lmsKey: 3, userKey: 42 } as UserDetails }));
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/evaluation/9']}>
        <Routes>
          <Route path="/evaluation/:evaluationKey" element={<EvaluationPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => setState({ sessionId: null, currentUser: null }));
});

describe('evaluation form', () => {
  it('names each missing required answer and sends nothing', async () => {
    const requests = setup(() => ({ status: 200 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit evaluation' }));
    const summary = screen.getByTestId('evaluation-errors');
    expect(summary).toHaveTextContent('Please check your answers: nothing was submitted.');
    expect(summary).toHaveTextContent('Overall — This question requires an answer.');
    expect(summary).toHaveTextContent('Pace — This question requires an answer.');
    expect(screen.getByRole('group', { name: /Overall/ })).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(
      screen.getByText('Your answers are anonymous: they are kept without your name.'),
    ).toBeInTheDocument();
  });

  it('submits the answers once and thanks the student', async () => {
    const requests = setup(() => ({ status: 200, body: { statusCode: 200, message: 'ok' } }));
    fireEvent.click(await screen.findByRole('radio', { name: '4' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Right' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Quizzes' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Notes/ }), { target: { value: 'Good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit evaluation' }));
    expect(await screen.findByTestId('evaluation-done')).toHaveTextContent(
      'Thank you: your evaluation has been submitted.',
    );
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body!)).toEqual({
      answers: { overall: 4, pace: 'Right', helped: ['Quizzes'], notes: 'Good' },
    });
  });

  it("shows the server's refusal (a second submission)", async () => {
    setup(() => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'You have already submitted this evaluation.',
      },
    }));
    fireEvent.click(await screen.findByRole('radio', { name: '5 Excellent' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Slow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit evaluation' }));
    expect(
      await within(screen.getByTestId('evaluation-errors')).findByText(
        'You have already submitted this evaluation.',
      ),
    ).toBeInTheDocument();
  });

  it('says when it was submitted already', async () => {
    setup(() => ({ status: 200 }), { ...form, submittedInstant: Date.UTC(2026, 0, 5, 12) });
    expect(
      await screen.findByText(/You submitted this evaluation on 2026\/01\/0[56]\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit evaluation' })).toBeNull();
  });
});
