// @vitest-environment happy-dom
// A picture's zoom and its way to the room's other pictures, by buttons and keys (gestures are driven in
// the browser test, tests/e2e/attachment-view.spec.ts, where pointers and layout are real).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../shared/i18n/react.tsx';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { DOUBLE_TAP_SCALE, ImageViewer, MAX_SCALE } from './image-viewer.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(cleanup);

function show(props: { onPrevious?(): void; onNext?(): void } = {}) {
  render(
    <I18nProvider i18n={i18nInstance}>
      <ImageViewer src="blob:https://app.example/1" alt="foto.png" {...props} />
    </I18nProvider>,
  );
  return { stage: screen.getByTestId('image-stage'), picture: screen.getByRole('img', { name: 'foto.png' }) };
}
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the picture viewer', () => {
  it('fits the picture, zooms in and out with the buttons and + / - / 0, up to its largest zoom', async () => {
    const { stage, picture } = show();
    expect(stage.dataset.scale).toBe('1.00');
    expect(picture.style.transform).toBe('translate(0px, 0px) scale(1)');
    expect(button('Zoom out').disabled).toBe(true);
    await userEvent.click(button('Zoom in'));
    expect(stage.dataset.scale).toBe('1.50');
    await userEvent.keyboard('+');
    expect(stage.dataset.scale).toBe('2.25');
    await userEvent.keyboard('-');
    expect(stage.dataset.scale).toBe('1.50');
    await userEvent.keyboard('0');
    expect(stage.dataset.scale).toBe('1.00');
    for (let press = 0; press < 8; press += 1) await userEvent.click(button('Zoom in'));
    expect(Number(stage.dataset.scale)).toBe(MAX_SCALE);
    expect(button('Zoom in').disabled).toBe(true);
  });

  it('zooms with a double click and the wheel, and back to fit with another double click', () => {
    const { stage } = show();
    fireEvent.doubleClick(stage);
    expect(Number(stage.dataset.scale)).toBe(DOUBLE_TAP_SCALE);
    fireEvent.doubleClick(stage);
    expect(stage.dataset.scale).toBe('1.00');
    fireEvent.wheel(stage, { deltaY: -200, ctrlKey: true });
    expect(Number(stage.dataset.scale)).toBeGreaterThan(1);
  });

  it('goes to the previous and next picture with the buttons and arrow keys, but not while zoomed', async () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    show({ onPrevious, onNext });
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.click(button('Previous picture'));
    expect([onNext.mock.calls.length, onPrevious.mock.calls.length]).toEqual([1, 1]);
    await userEvent.click(button('Zoom in'));
    await userEvent.keyboard('{ArrowRight}{ArrowLeft}');
    expect([onNext.mock.calls.length, onPrevious.mock.calls.length]).toEqual([1, 1]);
  });

  it('has no previous or next at the ends of the room’s pictures', () => {
    show({ onNext: () => undefined });
    expect(button('Previous picture').disabled).toBe(true);
    expect(button('Next picture').disabled).toBe(false);
  });
});
