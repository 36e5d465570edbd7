import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DocumentForm, type SaveState } from './document-form';
import { documentField as field, medicalDocument } from './document-form.fixtures';

const detail = medicalDocument([
  field({ fieldKey: 1, name: 'expiration', type: 'date' }),
  field({
    fieldKey: 2,
    name: 'Scan',
    type: 'file',
    attributes: { required: 'true', value: 'old.pdf', href: '/api/form/1/9/2/file/5' },
    file: {
      uploadKey: 5,
      fileName: 'old.pdf',
      contentType: 'application/pdf',
      sizeBytes: 2048,
      uploadedInstant: 1,
    },
  }),
  field({ fieldKey: 3, name: 'Issued by', attributes: { readonly: 'true', value: 'TD' } }),
]);

function renderForm(saveState: SaveState = 'Save', saved = false) {
  const onSave = vi.fn();
  const onDeleteFile = vi.fn();
  render(
    <DocumentForm
      detail={detail}
      saveState={saveState}
      progress={0}
      serverMessages={[]}
      saved={saved}
      onSave={onSave}
      onDeleteFile={onDeleteFile}
      deleting={false}
    />,
  );
  return { onSave, onDeleteFile };
}

describe('DocumentForm (§2, §4, §5 Documents)', () => {
  it('"Read-only fields are disabled"; a file field shows "(5mb upload limit)"', () => {
    renderForm();
    expect(screen.getByLabelText('Issued by')).toBeDisabled();
    expect(screen.getByLabelText('Issued by')).toHaveValue('TD');
    expect(screen.getByText('(5mb upload limit)')).toBeInTheDocument();
    expect(screen.getByText('old.pdf')).toBeInTheDocument();
  });

  it('blocks a save with the expiration message and sends nothing', async () => {
    const { onSave } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You must fill out the expiration date.');
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Expiration date'), { target: { value: '2030-01-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('asks before removing a saved file', async () => {
    const { onDeleteFile } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Delete old.pdf' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Are you sure you want to permanently remove this file? Any unsaved changes will be lost.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete file' }));
    expect(onDeleteFile).toHaveBeenCalledWith('/api/form/1/9/2/file/5');
  });

  it.each<SaveState>(['Save', 'Saving...', 'Failed'])('the Save button reads %s', (state) => {
    renderForm(state);
    expect(screen.getByTestId('document-save')).toHaveTextContent(state);
  });

  it("labels the field §5 knows as 'expiration' in words, with its description as the hint", () => {
    renderForm();
    expect(screen.getByLabelText('Expiration date')).toHaveAttribute('type', 'date');
    expect(screen.queryByText('expiration', { exact: true })).not.toBeInTheDocument();
  });

  it("after a save 'Saved' shows beside 'Save' until the form is edited again", () => {
    renderForm('Save', true);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByTestId('document-save')).toHaveTextContent('Save');
    fireEvent.change(screen.getByLabelText('Expiration date'), { target: { value: '2030-01-31' } });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("shows no 'Saved' before a save went through", () => {
    renderForm('Saving...');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
