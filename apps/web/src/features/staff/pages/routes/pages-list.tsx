import { CatalogueList } from '../../components/catalogue-list';
import { useDeletePage } from '../api/delete-page';
import { usePages } from '../api/get-pages';

/** /wkm-dashboard/pages: View (/pages/{id}), Edit, Delete and 'Add New Page'. */
export function PagesListRoute() {
  const pages = usePages();
  const deletePage = useDeletePage();
  return (
    <CatalogueList
      title="Pages"
      noun="page"
      addLabel="Add New Page"
      query={pages}
      viewHref={(page) => `/pages/${page._id}`}
      onDelete={(page) => deletePage.mutateAsync(page._id)}
    />
  );
}
