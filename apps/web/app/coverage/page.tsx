import { Suspense } from 'react';
import { AnnotationSearch } from '../../src/components/coverage/AnnotationSearch';

export const metadata = { title: 'Annotation search · Matchtape' };

export default function CoverageSearchPage() {
  return (
    <Suspense fallback={null}>
      <AnnotationSearch />
    </Suspense>
  );
}
