/** The training programme's calls (@waypoint/domain/contract programmeCalls), one function each. */
import { useQuery } from '@tanstack/react-query';
import {
  programmeCalls,
  type CertificateSettingsEdit,
  type ClassroomLessonNew,
  type CourseEdit,
  type CurriculumEdit,
  type DocumentTypeDefinitionBody,
  type LessonEdit,
  type MoveRequest,
  type TopicEdit,
} from '@waypoint/domain/console-contract';
import { send, upload } from './client';
import { queryKeys } from './query-keys';

export type {
  CertificateSettingsView,
  DocumentType,
  PackageImported,
  ProgrammeCourse,
  ProgrammeCurriculum,
  ProgrammeLesson,
  ProgrammeTopic,
  ProgrammeTree,
} from '@waypoint/domain/console-contract';

export const getProgramme = () => send(programmeCalls.tree, []);

/** Uploads a package (FormData: the place fields, then `package`) with its progress. */
export const uploadPackage = (
  form: FormData,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal },
) => upload(programmeCalls.upload, [], form, options);

export const editCurriculum = (key: number, body: CurriculumEdit) =>
  send(programmeCalls.editCurriculum, [key], { body });
export const setLibrary = (key: number, inLibrary: boolean) =>
  send(programmeCalls.setLibrary, [key], { body: { inLibrary } });
export const editCourse = (key: number, body: CourseEdit) =>
  send(programmeCalls.editCourse, [key], { body });
export const editTopic = (key: number, body: TopicEdit) =>
  send(programmeCalls.editTopic, [key], { body });
export const editLesson = (key: number, body: LessonEdit) =>
  send(programmeCalls.editLesson, [key], { body });

const moveCalls = {
  course: programmeCalls.moveCourse,
  topic: programmeCalls.moveTopic,
  lesson: programmeCalls.moveLesson,
};
export const moveItem = (
  level: keyof typeof moveCalls,
  key: number,
  direction: MoveRequest['direction'],
) => send(moveCalls[level], [key], { body: { direction } });

export const addClassroomLesson = (topicKey: number, body: ClassroomLessonNew) =>
  send(programmeCalls.addClassroomLesson, [topicKey], { body });

export const getCertificateSettings = () => send(programmeCalls.certificateSettings, []);
export const editCertificateSettings = (body: CertificateSettingsEdit) =>
  send(programmeCalls.editCertificateSettings, [], { body });

export const getDocumentTypes = () => send(programmeCalls.documentTypes, []);
export const defineDocumentType = (body: DocumentTypeDefinitionBody) =>
  send(programmeCalls.defineDocumentType, [], { body });

/** The LMS's programme tree. */
export function useProgramme() {
  return useQuery({ queryKey: queryKeys.programme.tree(), queryFn: getProgramme });
}

export function useCertificateSettings() {
  return useQuery({
    queryKey: queryKeys.programme.certificates(),
    queryFn: getCertificateSettings,
  });
}

export function useDocumentTypes() {
  return useQuery({ queryKey: queryKeys.programme.documentTypes(), queryFn: getDocumentTypes });
}
