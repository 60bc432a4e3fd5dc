import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { locationImageLimits, type Location } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { Button, Flex, Image, Popconfirm, Tooltip, Typography, Upload } from 'antd';
import { useRemoveLocationImage } from './api/remove-location-image';
import { useUploadLocationImage } from './api/upload-location-image';

const THUMB = 88;
const maxMb = Math.round(locationImageLimits.maxBytes / (1024 * 1024));

/** Refuses a file before upload with the server's own limits, so staff learn it in a second, not after a long upload. */
export function checkImage(file: { type: string; size: number }): string | null {
  if (!(locationImageLimits.mimeTypes as readonly string[]).includes(file.type)) {
    return 'Можно загрузить только JPEG, PNG или WebP';
  }
  if (file.size > locationImageLimits.maxBytes) return `Файл больше ${maxMb} МБ`;
  return null;
}

/**
 * Photos of a location: thumbnails (the server's small version) that open the full image.
 * Plain <img src> works because the server also accepts the `token` cookie for image GETs.
 */
export function LocationImages({ location, editable }: { location: Location; editable: boolean }) {
  const upload = useUploadLocationImage();
  const remove = useRemoveLocationImage();
  const full = location.images.length >= locationImageLimits.maxPerLocation;
  if (!editable && location.images.length === 0) {
    return <Typography.Text type="secondary">Фотографий нет</Typography.Text>;
  }

  return (
    <Image.PreviewGroup>
      <Flex wrap gap={8}>
        {location.images.map((img) => (
          <div key={img.id} style={{ position: 'relative', width: THUMB, height: THUMB }}>
            <Image
              src={img.thumbnailUrl}
              preview={{ src: img.url }}
              width={THUMB}
              height={THUMB}
              alt={`Фото магазина «${location.name}»`}
              style={{ objectFit: 'cover', borderRadius: 8 }}
            />
            {editable && (
              <Popconfirm
                title="Удалить фото?"
                okText="Удалить"
                cancelText="Отмена"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutateAsync({ locationId: location._id, imageId: img.id }).then(() => notify.success('Фото удалено'))
                }
              >
                <Button
                  size="small"
                  shape="circle"
                  icon={<DeleteOutlined />}
                  aria-label="Удалить фото"
                  style={{ position: 'absolute', top: 4, right: 4, boxShadow: '0 1px 3px rgba(0,0,0,.2)' }}
                />
              </Popconfirm>
            )}
          </div>
        ))}
        {editable && !full && (
          <Upload
            accept={locationImageLimits.mimeTypes.join(',')}
            showUploadList={false}
            multiple
            beforeUpload={(file) => {
              const problem = checkImage(file);
              if (problem) {
                notify.error(`${file.name}: ${problem}`);
                return Upload.LIST_IGNORE;
              }
              upload.mutate(
                { locationId: location._id, file },
                { onSuccess: () => notify.success('Фото загружено') },
              );
              // Our mutation sends the file; antd's own request must not.
              return false;
            }}
          >
            <Tooltip title={`JPEG, PNG или WebP до ${maxMb} МБ`}>
              <button
                type="button"
                disabled={upload.isPending}
                aria-label="Загрузить фото"
                style={{
                  width: THUMB,
                  height: THUMB,
                  borderRadius: 8,
                  border: '1px dashed #d9d9d9',
                  background: '#fafafa',
                  cursor: 'pointer',
                  color: '#595959',
                  fontSize: 12,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  gap: 4,
                }}
              >
                <PlusOutlined />
                {upload.isPending ? 'Загрузка…' : 'Фото'}
              </button>
            </Tooltip>
          </Upload>
        )}
      </Flex>
    </Image.PreviewGroup>
  );
}
