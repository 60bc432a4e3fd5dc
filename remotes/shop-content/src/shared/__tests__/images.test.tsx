import type { ShopImage } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { renderPage } from '@repo/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ImageGallery, ImagePicker, imageFileProblem } from '../images';
import { image } from './fixtures';

jest.setTimeout(30_000);

function Picker() {
  const [value, setValue] = useState<ShopImage | null>(null);
  return (
    <>
      <ImagePicker value={value} onChange={setValue} />
      <span data-testid="value">{value?.id ?? 'нет'}</span>
    </>
  );
}

function Gallery({ initial }: { initial: ShopImage[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ImageGallery value={value} onChange={setValue} max={3} />
      <span data-testid="value">{value.map((i) => i.id).join(',')}</span>
    </>
  );
}

const file = (type = 'image/png') => new File(['x'.repeat(10)], 'photo.png', { type });

describe('content images', () => {
  afterEach(() => jest.restoreAllMocks());

  it('refuses what the server would: other types, files over 5 MB', () => {
    expect(imageFileProblem({ type: 'image/gif', size: 10 })).toBe('Подойдёт изображение JPEG, PNG или WebP');
    expect(imageFileProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('Файл больше 5 МБ');
    expect(imageFileProblem({ type: 'image/webp', size: 100 })).toBeNull();
  });

  it('uploads a chosen file to POST /api/shop/images and takes the stored image', async () => {
    const view = renderPage(<Picker />, { api: { 'post shop/images': image('new1') } });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file()] } });
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('new1'));
    expect(view.api!.lastCall('post', 'shop/images')!.body).toBeInstanceOf(FormData);
    expect((view.api!.lastCall('post')!.body as FormData).get('image')).toBeInstanceOf(File);
    fireEvent.click(screen.getByRole('button', { name: /Убрать/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('нет');
  });

  it('does not send a GIF', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const view = renderPage(<Picker />, { api: { 'post shop/images': image('new1') } });
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file('image/gif')] } });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Подойдёт изображение JPEG, PNG или WebP'));
    expect(view.api!.calls('post')).toHaveLength(0);
  });

  it('a gallery adds at the end, removes, and stops adding at its limit', async () => {
    renderPage(<Gallery initial={[image('a'), image('b')]} />, { api: { 'post shop/images': image('c') } });
    expect(screen.getAllByRole('button', { name: 'Перетащить' })).toHaveLength(2);
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file()] } });
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('a,b,c'));
    expect(screen.queryByTestId('image-upload')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Убрать изображение 1' }));
    expect(screen.getByTestId('value')).toHaveTextContent('b,c');
    expect(screen.getByTestId('image-upload')).toBeInTheDocument();
  });
});
