import {
  PROFILE_MESSAGES,
  profileUpdateBody,
  type ProfileUpdateBody,
  type SessionUser,
} from '@rms/contracts/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Flex, Form, Input, Row } from 'antd';
import { ApiError, formFieldErrors } from '../../api/errors';
import { recordPhoto } from '../../api/uploads';
import { CURRENT_USER_KEY } from '../../auth/current-user';
import { storeUser } from '../../auth/session-store';
import { ImageUpload } from '../../components/image-upload';
import { zodRule } from '../../lib/zod-rule';
import { updateProfile } from './session-api';

const fields = profileUpdateBody.shape;
const FIELDS = ['first_name', 'middle_name', 'last_name', 'email', 'mobile', 'photo'] as const;

type ProfileValues = Omit<ProfileUpdateBody, 'id'>;

interface ProfileFormProps {
  user: SessionUser;
  onDone: () => void;
}

/**
 * The edit mode of Manage Profile (spec 01 §2). A new photo is recorded as soon as it is uploaded
 * ('Picture Updated Successfully!'); the other fields when the form is saved.
 */
export function ProfileForm({ user, onDone }: ProfileFormProps) {
  const [form] = Form.useForm<ProfileValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refreshUser = (next: SessionUser) => {
    queryClient.setQueryData(CURRENT_USER_KEY, next);
    storeUser(next);
  };

  const save = useMutation({
    mutationFn: (values: ProfileValues) => updateProfile({ id: user.id, ...values }),
    onSuccess: (response) => {
      refreshUser(response.user);
      void message.success(response.detail || PROFILE_MESSAGES.updated);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setFields(formFieldErrors(error, FIELDS));
    },
  });
  const picture = useMutation({
    mutationFn: (photo: string | null) => recordPhoto({ id: user.id, email: user.email, photo }),
    onSuccess: (response) => {
      refreshUser({ ...user, photo: response.photo, photo_url: response.photo_url });
      void message.success(response.detail);
    },
  });

  return (
    <Form<ProfileValues>
      form={form}
      name="profile"
      layout="vertical"
      initialValues={{
        first_name: user.first_name,
        middle_name: user.middle_name,
        last_name: user.last_name,
        email: user.email,
        mobile: user.mobile ?? '',
        photo: user.photo,
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item label="Photo" name="photo">
        <ImageUpload
          label="Photo"
          previewUrl={user.photo_url}
          onChange={(photo) => {
            form.setFieldValue('photo', photo);
            picture.mutate(photo);
          }}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="First Name" name="first_name" required rules={[zodRule(fields.first_name)]}>
            <Input autoComplete="given-name" count={{ max: 50 }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Middle Name" name="middle_name">
            <Input autoComplete="additional-name" count={{ max: 50 }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Last Name" name="last_name">
            <Input autoComplete="family-name" count={{ max: 50 }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Email" name="email" required rules={[zodRule(fields.email)]}>
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Mobile" name="mobile" required rules={[zodRule(fields.mobile)]}>
            <Input inputMode="numeric" count={{ max: 10 }} autoComplete="tel-national" />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}
