import { Route, Routes } from 'react-router';
import { ImportPage } from './import-page';
import { NewPersonPage } from './new-person-page';
import { PeopleList } from './people-list';
import { PersonPage } from './person-page';

/**
 * People (docs/decisions/0021): the list, a new person, the CSV import and one person's page.
 * What each role may do is the server's rule (every call checks the permission and the scope);
 * the pages show only what the role allows.
 */
export default function PeoplePage() {
  return (
    <Routes>
      <Route index element={<PeopleList />} />
      <Route path="new" element={<NewPersonPage />} />
      <Route path="import" element={<ImportPage />} />
      <Route path=":userKey/*" element={<PersonPage />} />
    </Routes>
  );
}
