import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { productImageLimits, type Product } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { Button, Flex, Image, Popconfirm, Typography, Upload } from 'antd';
import { useProductMutations } from '../api';

const imageUrl = (id: string, thumbnail = false) => `/api/catalog/images/${id}${thumbnail ? '/thumbnail' : ''}`;

/** A product's photos in the drawer: thumbnails that open full size, add (JPEG, PNG, WebP up to 5 MB) and remove. */
export function ProductPhotos({ product, canEdit }: { product: Product; canEdit: boolean }) {
  const { addImage, removeImage } = useProductMutations();
  const full = product.images.length >= productImageLimits.maxPerProduct;
  return (
    <div className="product-photos" style={{ marginBottom: 16 }}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        Фото
      </Typography.Text>
      <Flex gap={8} wrap align="center">
        <Image.PreviewGroup>
          {product.images.map((img, i) => (
            <div key={img.id} style={{ position: 'relative' }}>
              <Image
                src={imageUrl(img.id, true)}
                preview={{ src: imageUrl(img.id) }}
                width={88}
                height={88}
                style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid #f0f0f0' }}
                alt={`${product.name}, фото ${i + 1}`}
              />
              {canEdit ? (
                <Popconfirm title="Удалить фото?" okText="Удалить" cancelText="Нет" onConfirm={() => removeImage.mutateAsync({ id: product.id, imageId: img.id }).catch((e) => notify.error(getApiError(e).message))}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Удалить фото ${i + 1}`} style={{ position: 'absolute', top: 4, right: 4 }} />
                </Popconfirm>
              ) : null}
            </div>
          ))}
        </Image.PreviewGroup>
        {canEdit && !full ? (
          <Upload
            accept="image/jpeg,image/png,image/webp"
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) => {
              addImage
                .mutateAsync({ id: product.id, file: file as File })
                .then((p) => onSuccess?.(p))
                .catch((e) => {
                  notify.error(getApiError(e).message);
                  onError?.(e as Error);
                });
            }}
          >
            <Button icon={<PlusOutlined />} loading={addImage.isPending} style={{ width: 88, height: 88 }} aria-label="Добавить фото">
              {addImage.isPending ? null : 'Фото'}
            </Button>
          </Upload>
        ) : null}
        {product.images.length === 0 && !canEdit ? <Typography.Text type="secondary">Фото нет</Typography.Text> : null}
      </Flex>
    </div>
  );
}
