import { NavigationEditor } from '../navigation/components/navigation-editor';
import { CatalogueList } from '../../components/catalogue-list';
import { useDeletePage } from '../api/delete-page';
import { usePages } from '../api/get-pages';

/**
 * /wkm-dashboard/pages: View (/pages/{id}), Edit, Delete and 'Add New Page', then the site's
 * navigation (the header's links and the footer's services).
 */
export function PagesListRoute() {
  const pages = usePages();
  const deletePage = useDeletePage();
  return (
    <div className="flex flex-col gap-8">
      <CatalogueList
        title="Pages"
        noun="page"
        addLabel="Add New Page"
        query={pages}
        viewHref={(page) => `/pages/${page._id}`}
        onDelete={(page) => deletePage.mutateAsync(page._id)}
      />
      <NavigationEditor />
    </div>
  );
}
