import { DeleteOutlined, LoadingOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { locationImageLimits, shopLimits, type ShopImage } from '@repo/contracts';
import { api, notify } from '@repo/shared-core';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Image, Tooltip, Typography, Upload } from 'antd';
import { movedIds } from './reorder';
import { DragHandle, SortableList, useSortableItem } from './sortable';

/** Files the server takes (the image pipeline's types and size); it re-encodes them and makes a thumbnail. */
export const imageAccept = locationImageLimits.mimeTypes.join(',');
const maxMb = Math.round(locationImageLimits.maxBytes / 1024 / 1024);

/** `POST /api/shop/images` (multipart `image`): the stored image, usable as `imageId` of any content record. */
export async function uploadShopImage(file: File): Promise<ShopImage> {
  const body = new FormData();
  body.append('image', file, file.name);
  return (await api.post<ShopImage>('shop/images', body)).data;
}

/** A file the server would refuse anyway: a Russian reason before sending it, or null. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(locationImageLimits.mimeTypes as readonly string[]).includes(file.type)) return 'Подойдёт изображение JPEG, PNG или WebP';
  if (file.size > locationImageLimits.maxBytes) return `Файл больше ${maxMb} МБ`;
  return null;
}

function useUpload(onDone: (image: ShopImage) => void) {
  return useMutation({ mutationFn: uploadShopImage, onSuccess: onDone });
}

function UploadButton({ onUploaded, size, disabled, label = 'Загрузить' }: { onUploaded: (image: ShopImage) => void; size: number; disabled?: boolean; label?: string }) {
  const upload = useUpload(onUploaded);
  return (
    <Upload
      accept={imageAccept}
      showUploadList={false}
      disabled={disabled || upload.isPending}
      beforeUpload={(file) => {
        const problem = imageFileProblem(file);
        if (problem) {
          notify.error(problem);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        upload
          .mutateAsync(file as File)
          .then((img) => onSuccess?.(img))
          .catch((e) => onError?.(e as Error));
      }}
    >
      <Button
        disabled={disabled}
        aria-label={label}
        style={{ width: size, height: size, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 4, whiteSpace: 'normal', padding: 4 }}
        data-testid="image-upload"
      >
        {upload.isPending ? <LoadingOutlined /> : <PlusOutlined />}
        <span style={{ fontSize: 12 }}>{upload.isPending ? 'Загрузка…' : label}</span>
      </Button>
    </Upload>
  );
}

/** A thumbnail of a content image, or a grey placeholder. */
export function Thumb({ image, size = 48, alt }: { image: ShopImage | null | undefined; size?: number; alt: string }) {
  if (!image)
    return (
      <div
        aria-hidden
        style={{ width: size, height: size, borderRadius: 6, background: '#f5f5f5', color: '#bfbfbf', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: size / 2.4, flex: 'none' }}
      >
        <PictureOutlined />
      </div>
    );
  return <img src={image.thumbnailUrl} alt={alt} width={size} height={size} loading="lazy" style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid #f0f0f0', flex: 'none', display: 'block' }} />;
}

/**
 * One image of a form (`value`/`onChange` as a Form.Item child): a preview, «Заменить» and «Убрать».
 * The form keeps the image itself and sends its id.
 */
export function ImagePicker({ value, onChange, disabled, size = 104, alt = 'Изображение' }: { value?: ShopImage | null; onChange?: (v: ShopImage | null) => void; disabled?: boolean; size?: number; alt?: string }) {
  return (
    <Flex gap={12} align="center" data-testid="image-picker">
      {value ? (
        <Image src={value.thumbnailUrl} preview={{ src: value.url }} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid #f0f0f0' }} alt={alt} />
      ) : null}
      {!disabled ? <UploadButton onUploaded={(img) => onChange?.(img)} size={size} label={value ? 'Заменить' : 'Загрузить'} /> : null}
      {value && !disabled ? (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
          Убрать
        </Button>
      ) : null}
      {!value && disabled ? <Typography.Text type="secondary">Нет изображения</Typography.Text> : null}
      {!disabled ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 180 }}>
          JPEG, PNG или WebP до {maxMb} МБ
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function GalleryItem({ image, index, disabled, onRemove }: { image: ShopImage; index: number; disabled?: boolean; onRemove: () => void }) {
  const { setNodeRef, style, handle } = useSortableItem(image.id, disabled);
  return (
    <div ref={setNodeRef} style={{ ...style, width: 96 }} data-testid="gallery-image">
      <Image src={image.thumbnailUrl} preview={{ src: image.url }} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 8, border: index === 0 ? '2px solid #1677ff' : '1px solid #f0f0f0' }} alt={`Изображение ${index + 1}`} />
      <Flex justify="space-between" align="center" style={{ marginTop: 2 }}>
        <DragHandle handle={handle} />
        {index === 0 ? (
          <Typography.Text type="secondary" style={{ fontSize: 11 }}>
            главное
          </Typography.Text>
        ) : null}
        {!disabled ? (
          <Tooltip title="Убрать">
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Убрать изображение ${index + 1}`} onClick={onRemove} />
          </Tooltip>
        ) : null}
      </Flex>
    </div>
  );
}

/** The images of a record in display order (the first is the main one): add, remove, drag to reorder; at most `max`. */
export function ImageGallery({ value = [], onChange, disabled, max = shopLimits.imagesMax }: { value?: ShopImage[]; onChange?: (v: ShopImage[]) => void; disabled?: boolean; max?: number }) {
  const ids = value.map((i) => i.id);
  return (
    <div data-testid="image-gallery">
      <SortableList
        ids={ids}
        layout="grid"
        label="изображение"
        names={(id) => `изображение ${ids.indexOf(id) + 1}`}
        onMove={(a, o) => {
          const next = movedIds(ids, a, o);
          if (next) onChange?.(next.map((id) => value.find((i) => i.id === id)!));
        }}
      >
        <Flex gap={8} wrap align="flex-start">
          {value.map((img, i) => (
            <GalleryItem key={img.id} image={img} index={i} disabled={disabled} onRemove={() => onChange?.(value.filter((v) => v.id !== img.id))} />
          ))}
          {!disabled && value.length < max ? <UploadButton size={96} onUploaded={(img) => onChange?.([...value, img])} label="Добавить" /> : null}
        </Flex>
      </SortableList>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {value.length === 0 && disabled ? 'Изображений нет' : `До ${max} изображений: JPEG, PNG или WebP до ${maxMb} МБ. Первое — главное.`}
      </Typography.Text>
    </div>
  );
}
